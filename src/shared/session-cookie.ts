/**
 * Cookies of a signed-in browser. The session token travels only in an
 * HttpOnly cookie the server sets; scripts never see it. Beside it the server sets a marker
 * that holds no secret ("1"), readable by the page, so the client knows a session is likely
 * open without asking the server on every page load. Both have the same lifetime.
 */
export const SESSION_COOKIE = 'summit_session';
/** the session cookie's name when it is Secure: the `__Host-` prefix pins it to this host and path / */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const SIGNED_IN_COOKIE = 'summit_signed_in';

/**
 * `data` of a sign-in answer. SPEC 7 makes it the token; the token is now only in the cookie,
 * so the answer carries this non-secret marker in its place (same type, a string).
 */
export const SIGNED_IN_MARKER = 'session-cookie';
