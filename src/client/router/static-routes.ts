/**
 * Routes the client always has (SPEC section 2). Menu routes from the server come on top;
 * declared screens with a `route` (ui-schemas/screens, e.g. /myNotice) are added as well.
 */
export interface StaticRoute {
  path: string;
  /** key of componentScreens, or a declaration id when `declared` */
  screen: string;
  declared?: boolean;
  titleKey: string;
  /** 'auth': the bare sign-in page; 'main': header, sidebar, breadcrumb, footer */
  layout: 'auth' | 'main';
}

export const staticRoutes: StaticRoute[] = [
  { path: '/dashboard', screen: 'dashboard', titleKey: 'routes.dashboard', layout: 'main' },
  { path: '/myNotice/:id', screen: 'notice/detail', titleKey: 'routes.noticeDetail', layout: 'main' },
  { path: '/guide', screen: 'guide', titleKey: 'routes.guide', layout: 'main' },
  { path: '/privacy-policy', screen: 'privacy-policy', titleKey: 'routes.privacyPolicy', layout: 'main' },
  { path: '/choose', screen: 'choose', titleKey: 'routes.choose', layout: 'main' },
  {
    path: '/tempActRecommendInviteClose',
    screen: 'TemporaryRecommendClosed',
    titleKey: 'routes.tempActRecommendInviteClose',
    layout: 'main',
  },
  { path: '/403', screen: '403', titleKey: 'routes.forbidden', layout: 'main' },
  { path: '/404', screen: '404', titleKey: 'routes.notFound', layout: 'main' },
];
