import { lazy, type ComponentType } from 'react';

const RELOAD_MARK = 'chunk-reload-target';

/**
 * React.lazy that reloads the page at the target route when its chunk fails to load (a new
 * deployment replaced the files): SPEC section 8. One reload per target, so no reload loop.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    try {
      const module = await load();
      window.sessionStorage.removeItem(RELOAD_MARK);
      return module;
    } catch (error) {
      const target = window.location.pathname + window.location.search;
      if (window.sessionStorage.getItem(RELOAD_MARK) !== target) {
        window.sessionStorage.setItem(RELOAD_MARK, target);
        window.location.assign(target);
        return new Promise<never>(() => {});
      }
      throw error;
    }
  });
}
