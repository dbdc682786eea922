import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/** Title of the screen on show and the path it was set for, for the heading, the breadcrumb and document.title. */
let current = { path: '', title: '' };
const listeners = new Set<() => void>();

export function setRouteTitle(path: string, title: string): void {
  if (path === current.path && title === current.title) return;
  current = { path, title };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The title of the screen at the current path. A path whose screen has not set one yet (its
 * chunk or texts still loading, or its route not there yet right after sign-in) has none: the
 * last screen's title ("登录" over the dashboard) is never shown for it.
 */
export function useRouteTitle(): string {
  const { pathname } = useLocation();
  const shown = useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
  return shown.path === pathname ? shown.title : '';
}
