import { isOpenRoute, normaliseRoutePath } from '../../shared/open-routes';

export { OPEN_ROUTES, isOpenRoute } from '../../shared/open-routes';

/** Where a signed-in user may not go: they are sent to / (SPEC section 2). */
export const SIGNED_IN_BOUNCE: readonly string[] = ['/login', '/choose'];

/**
 * The guard of SPEC section 2 as a pure decision: the path to redirect to, or null to stay.
 * A visitor keeps the target in `redirect` and returns there after sign-in.
 */
export function guardRedirect(pathname: string, search: string, signedIn: boolean): string | null {
  const path = normaliseRoutePath(pathname);
  if (signedIn) {
    if (!SIGNED_IN_BOUNCE.includes(path)) return null;
    // right after sign-in the login page is still on show: go on to the remembered target
    return safeRedirectTarget(new URLSearchParams(search).get('redirect'));
  }
  if (isOpenRoute(path)) return null;
  const target = `${pathname}${search}`;
  return target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}

/** The redirect target after sign-in: only same-site paths, never back to /login. */
export function safeRedirectTarget(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return '/';
  if (SIGNED_IN_BOUNCE.some((path) => raw === path || raw.startsWith(`${path}?`))) return '/';
  return raw;
}
