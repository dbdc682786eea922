import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.js';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,200})$/;

/**
 * preValidation hook of every signed-in route (before body validation, so a signed-out caller
 * gets 401 rather than a list of fields): no token -> "Please log in again"; unknown, expired
 * or revoked token -> "verification failed, log in again". Both are 401.
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  if (!header) throw new AppError('loginAgain');
  const token = BEARER.exec(header)?.[1];
  const account = token ? await request.server.services.sessions.authenticate(token) : null;
  if (!account) throw new AppError('sessionInvalid');
  request.account = account;
}

/** The signed-in account of a route behind `authenticate`. */
export function signedIn(request: FastifyRequest) {
  if (!request.account) throw new AppError('loginAgain');
  return request.account;
}
