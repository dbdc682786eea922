import Cookies from 'js-cookie';
import { SIGNED_IN_COOKIE } from '../../shared/session-cookie';

/**
 * The session token is in an HttpOnly cookie the server sets at sign-in: no script here can
 * read it, and the browser sends it by itself. The page only reads the
 * server's non-secret marker, to know whether a session is likely open without a request.
 */
export function hasSignedInMarker(): boolean {
  return Cookies.get(SIGNED_IN_COOKIE) === '1';
}

/** Forgets the marker locally (a 401, a logout): the server expires both cookies itself. */
export function clearSignedInMarker(): void {
  Cookies.remove(SIGNED_IN_COOKIE, { path: '/' });
}
