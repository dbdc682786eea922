import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, SIGNED_IN_COOKIE, SIGNED_IN_MARKER } from '../../shared/session-cookie.js';
import type { AppConfig } from '../config.js';
import { HOUR_MS } from '../clock.js';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,200})$/;
const TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

/** Where the token of a request came from: the cookie path (browsers) is checked for its origin. */
export type TokenSource = 'bearer' | 'cookie';

export function sessionCookieName(config: Pick<AppConfig, 'sessionCookieSecure'>): string {
  return config.sessionCookieSecure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

function attributes(config: AppConfig, maxAgeSeconds: number): CookieSerializeOptions {
  // Path=/ (the __Host- prefix asks for it); SameSite=Strict: never sent on another site's request
  return { path: '/', sameSite: 'strict', secure: config.sessionCookieSecure, maxAge: maxAgeSeconds };
}

/**
 * The token of a request: `Authorization: Bearer` first (API clients, tests, scripts: no
 * browser adds it on its own, so it needs no origin check), else the session cookie.
 * A malformed value counts as a token that fails (401 "verification failed"), not as none.
 */
export function sessionTokenOf(request: FastifyRequest): { token: string | null; source: TokenSource } | null {
  const header = request.headers.authorization;
  if (header) return { token: BEARER.exec(header)?.[1] ?? null, source: 'bearer' };
  const cookie = request.cookies[sessionCookieName(request.server.config)];
  if (cookie === undefined || cookie === '') return null;
  return { token: TOKEN.test(cookie) ? cookie : null, source: 'cookie' };
}

/** Sign-in: the token goes into the HttpOnly cookie, for the session's absolute lifetime. */
export function setSessionCookie(reply: FastifyReply, token: string): string {
  const config = reply.server.config;
  const maxAge = Math.floor((config.sessionAbsoluteHours * HOUR_MS) / 1000);
  reply.setCookie(sessionCookieName(config), token, { ...attributes(config, maxAge), httpOnly: true });
  reply.setCookie(SIGNED_IN_COOKIE, '1', { ...attributes(config, maxAge), httpOnly: false });
  return SIGNED_IN_MARKER;
}

/** Logout, and a cookie whose session has ended: both cookies are expired. */
export function clearSessionCookie(reply: FastifyReply): void {
  const config = reply.server.config;
  reply.clearCookie(sessionCookieName(config), { ...attributes(config, 0), httpOnly: true });
  reply.clearCookie(SIGNED_IN_COOKIE, { ...attributes(config, 0), httpOnly: false });
}
