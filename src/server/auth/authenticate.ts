import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../http/app-error.js';
import { clearSessionCookie, sessionTokenOf } from '../http/session-cookie.js';
import { checkOrigin } from '../plugins/origin-check.js';
import type { Sessions } from './sessions.js';

/** The preValidation hook of signed-in routes. */
export type Authenticate = (request: FastifyRequest, reply?: FastifyReply) => Promise<void>;

/**
 * The preValidation hook of every signed-in route (before body validation, so a signed-out caller
 * gets 401 rather than a list of fields): no token -> "Please log in again"; unknown, expired
 * or revoked token -> "verification failed, log in again". Both are 401. The token comes from
 * `Authorization: Bearer` or the session cookie; a state-changing request on the cookie must
 * name this portal as its origin (403 otherwise). A cookie whose session has ended is expired
 * in the 401 answer.
 */
export function authenticator(sessions: Sessions): Authenticate {
  return async (request, reply) => {
    const given = sessionTokenOf(request);
    if (!given) throw new AppError('loginAgain');
    if (given.source === 'cookie') checkOrigin(request, true);
    const account = given.token ? await sessions.authenticate(given.token) : null;
    if (!account) {
      if (given.source === 'cookie' && reply) clearSessionCookie(reply);
      throw new AppError('sessionInvalid');
    }
    request.account = account;
  };
}

/**
 * Sign-in is declared once for a whole scope: every route of it whose schema names a security
 * scheme (what the OpenAPI document tells API clients) gets `authenticate` as its first
 * preValidation hook, so the document and the check cannot disagree. Register before the routes.
 */
export function requireSignInWhereDeclared(scope: FastifyInstance, authenticate: Authenticate): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    const security = (route.schema as { security?: unknown[] } | undefined)?.security;
    if (!security || security.length === 0) return;
    const declared = route.preValidation;
    const others = declared === undefined ? [] : Array.isArray(declared) ? declared : [declared];
    route.preValidation = [authenticate, ...others];
  });
}

/** The signed-in account of a route behind `authenticate`. */
export function signedIn(request: FastifyRequest) {
  if (!request.account) throw new AppError('loginAgain');
  return request.account;
}
