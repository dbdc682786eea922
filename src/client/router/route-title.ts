import { useSyncExternalStore } from 'react';

/** Title key of the screen on show, for the breadcrumb and document.title. */
let current = '';
const listeners = new Set<() => void>();

export function setRouteTitle(title: string): void {
  if (title === current) return;
  current = title;
  listeners.forEach((listener) => listener());
}

export function useRouteTitle(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}
