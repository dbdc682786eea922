import type { FastifyRequest } from 'fastify';
import { SIGN_IN_DOCUMENT } from '../../shared/boot-shell.js';
import { isOpenRoute, normaliseRoutePath } from '../../shared/open-routes.js';
import { SIGNED_IN_COOKIE } from '../../shared/session-cookie.js';

/**
 * Which HTML document a client route gets: both are the same page, with the static shell of the
 * screen the visitor will most likely see first (src/shared/boot-shell.ts). A signed-out visitor
 * bound for /login, or sent there by the client's guard (any route that is not open, the root
 * included), gets the sign-in card's shell; everyone else the common layout's. The signed-in
 * marker is the cookie the client's guard reads too; a wrong guess costs only a shell that the
 * real screen replaces.
 */
export function documentFor(request: FastifyRequest): string {
  const signedIn = request.cookies?.[SIGNED_IN_COOKIE] === '1';
  if (signedIn) return 'index.html';
  const pathName = normaliseRoutePath(request.url.split('?')[0] ?? '/');
  return pathName === '/login' || !isOpenRoute(pathName) ? SIGN_IN_DOCUMENT : 'index.html';
}
