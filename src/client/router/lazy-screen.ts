import { lazy, type ComponentType } from 'react';
import { ensureNamespaces, FEATURE_NAMESPACES, type Namespace } from '../i18n/i18n-setup';

const RELOAD_MARK = 'chunk-reload-target';

/**
 * React.lazy that reloads the page at the target route when its chunk fails to load (a new
 * deployment replaced the files): SPEC section 8. One reload per target, so no reload loop.
 * The screen's locale namespaces load beside its chunk (by default every feature namespace;
 * the declared-screen runtime picks its own per declaration).
 */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  reloadAt: (target: string) => void = (target) => window.location.assign(target),
  namespaces: readonly Namespace[] = FEATURE_NAMESPACES,
) {
  return lazy(() =>
    loadOrReload(async () => {
      const [module] = await Promise.all([load(), ensureNamespaces(namespaces)]);
      return module;
    }, reloadAt),
  );
}

/** The loader behind lazyScreen: the module, or a reload of the target route (once). */
export async function loadOrReload<M>(load: () => Promise<M>, reloadAt: (target: string) => void): Promise<M> {
  try {
    const module = await load();
    window.sessionStorage.removeItem(RELOAD_MARK);
    return module;
  } catch (error) {
    const target = window.location.pathname + window.location.search;
    if (window.sessionStorage.getItem(RELOAD_MARK) !== target) {
      window.sessionStorage.setItem(RELOAD_MARK, target);
      reloadAt(target);
      // the page is going away: never settle, so nothing renders an error meanwhile
      return new Promise<never>(() => {});
    }
    throw error;
  }
}
