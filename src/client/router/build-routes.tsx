import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import type { MenuNode } from '../../shared/api-types';
import { findDeclaration, routedDeclarations } from '../engine/declaration-catalogue';
import { AuthLayout } from '../layout/AuthLayout';
import { RedirectHelper } from './RedirectHelper';
import { RequirePermission } from './RequirePermission';
import { flattenMenu } from './menu-routes';
import { ScreenFrame } from './ScreenFrame';
import { ComingSoon, componentScreens, DeclaredScreen } from './screen-catalogue';
import { staticRoutes } from './static-routes';
import { lazy, Suspense } from 'react';

// the signed-in chrome (header, menu, notices) loads with the first signed-in page, not with /login
const MainLayout = lazy(async () => ({ default: (await import('../layout/MainLayout')).MainLayout }));

function screenElement(screen: string, titleKey: string, declared: boolean) {
  const Component = declared ? null : (componentScreens[screen] ?? ComingSoon);
  return <ScreenFrame titleKey={titleKey}>{Component ? <Component /> : <DeclaredScreen id={screen} />}</ScreenFrame>;
}

/**
 * The route tree: fixed routes, declared form screens and, once signed in, the menu routes
 * as children of the common layout. Rebuilt when the menu changes (logout resets it).
 */
export function buildRoutes(menu: MenuNode[] | null): RouteObject[] {
  const all = [
    ...staticRoutes.map((route) => ({ ...route, declared: Boolean(route.declared) })),
    ...routedDeclarations().map((declaration) => ({
      path: declaration.route as string,
      screen: declaration.id,
      declared: true,
      titleKey: declaration.titleKey,
      layout: declaration.layout ?? 'main',
    })),
  ];
  const known = new Set(all.map((route) => route.path));
  const menuRoutes = flattenMenu(menu ?? [])
    .filter((route) => !known.has(route.path))
    .map((route) => {
      const declared = !componentScreens[route.component] && Boolean(findDeclaration(route.component));
      const element = screenElement(route.component, route.title, declared);
      return {
        path: route.path,
        element: route.permissions?.length ? <RequirePermission anyOf={route.permissions}>{element}</RequirePermission> : element,
      };
    });

  const children = (layout: 'auth' | 'main') =>
    all
      .filter((route) => route.layout === layout)
      .map((route) => ({ path: route.path, element: screenElement(route.screen, route.titleKey, route.declared) }));

  return [
    {
      element: (
        <Suspense fallback={null}>
          <MainLayout />
        </Suspense>
      ),
      children: [{ index: true, element: <Navigate to="/dashboard" replace /> }, ...children('main'), ...menuRoutes],
    },
    { element: <AuthLayout />, children: children('auth') },
    { path: '/notice', element: <Navigate to="/myNotice" replace /> },
    { path: '/redirect', element: <RedirectHelper /> },
    { path: '/redirect/*', element: <RedirectHelper /> },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}
