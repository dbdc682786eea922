/** Routes reachable without sign-in (SPEC section 2), plus /choose and the error pages. */
export const OPEN_ROUTES: readonly string[] = [
  '/guide',
  '/login',
  '/resetPwd',
  '/privacy-policy',
  '/registerFrontUser',
  '/tempGroupWorkerRegister',
  '/tempGroupVolunteerRegister',
  '/tempGroupMediaRegister',
  '/tempActRecommendInvite',
  '/tempActRecommendInviteClose',
  // Registration choice leads to /registerFrontUser, so a visitor must reach it; SPEC only sends
  // signed-in users away from it. The error pages are shown to anyone the API client sends there.
  '/choose',
  '/403',
  '/404',
];

/** Where a signed-in user may not go: they are sent to / (SPEC section 2). */
export const SIGNED_IN_BOUNCE: readonly string[] = ['/login', '/choose'];

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isOpenRoute(pathname: string): boolean {
  return OPEN_ROUTES.includes(normalise(pathname));
}

/**
 * The guard of SPEC section 2 as a pure decision: the path to redirect to, or null to stay.
 * A visitor keeps the target in `redirect` and returns there after sign-in.
 */
export function guardRedirect(pathname: string, search: string, signedIn: boolean): string | null {
  const path = normalise(pathname);
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
