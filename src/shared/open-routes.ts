/**
 * Routes reachable without sign-in (SPEC section 2), plus /choose and the error pages. Shared:
 * the client's guard redirects by them, and the server picks the first screen's static shell by
 * them (src/server/plugins/boot-shell-document.ts) before any script has run.
 */
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

/** A path without its trailing slashes (the root stays "/"). */
export function normaliseRoutePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isOpenRoute(pathname: string): boolean {
  return OPEN_ROUTES.includes(normaliseRoutePath(pathname));
}
