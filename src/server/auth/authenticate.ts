import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.js';
import { clearSessionCookie, sessionTokenOf } from '../http/session-cookie.js';
import { checkOrigin } from '../plugins/origin-check.js';

/**
 * preValidation hook of every signed-in route (before body validation, so a signed-out caller
 * gets 401 rather than a list of fields): no token -> "Please log in again"; unknown, expired
 * or revoked token -> "verification failed, log in again". Both are 401. The token comes from
 * `Authorization: Bearer` or the session cookie; a state-changing request on the cookie must
 * name this portal as its origin (403 otherwise). A cookie whose session has ended is expired
 * in the 401 answer.
 */
export async function authenticate(request: FastifyRequest, reply?: FastifyReply): Promise<void> {
  const given = sessionTokenOf(request);
  if (!given) throw new AppError('loginAgain');
  if (given.source === 'cookie') checkOrigin(request, true);
  const account = given.token ? await request.server.services.sessions.authenticate(given.token) : null;
  if (!account) {
    if (given.source === 'cookie' && reply) clearSessionCookie(reply);
    throw new AppError('sessionInvalid');
  }
  request.account = account;
}

/** The signed-in account of a route behind `authenticate`. */
export function signedIn(request: FastifyRequest) {
  if (!request.account) throw new AppError('loginAgain');
  return request.account;
}
