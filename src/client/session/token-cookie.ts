import Cookies from 'js-cookie';

const TOKEN_COOKIE = 'summit_token';

/** The session token lives in a cookie (SPEC section 3); the API client reads it per request. */
export function readToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function writeToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'strict', path: '/' });
}

export function clearToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}
