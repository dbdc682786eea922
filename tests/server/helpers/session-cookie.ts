/**
 * The session token of a sign-in answer: the value of its HttpOnly session cookie (the
 * answer's data is only a marker, issue 18 point 3). API clients and tests send it back as
 * `Authorization: Bearer`. Takes inject's `set-cookie` header or fetch's `getSetCookie()`.
 */
export function sessionTokenFrom(setCookie: unknown): string {
  const lines = Array.isArray(setCookie) ? setCookie.map(String) : typeof setCookie === 'string' ? [setCookie] : [];
  for (const line of lines) {
    const match = /^(?:__Host-)?summit_session=([^;]*)/.exec(line);
    if (match?.[1]) return match[1];
  }
  return '';
}
