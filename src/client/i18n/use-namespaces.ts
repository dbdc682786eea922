import { useEffect, useState } from 'react';
import { ensureNamespaces, namespacesLoaded, type Namespace } from './i18n-setup';

/** Loads the given namespaces (once each) and tells when they are all there. */
export function useNamespacesReady(namespaces: readonly Namespace[]): boolean {
  const [ready, setReady] = useState(() => namespacesLoaded(namespaces));
  const wanted = namespaces.join(',');
  useEffect(() => {
    let live = true;
    const list = wanted ? (wanted.split(',') as Namespace[]) : [];
    if (namespacesLoaded(list)) {
      setReady(true);
      return;
    }
    setReady(false);
    // a failed chunk shows the keys; the screens' own loads retry (and reload on a new deployment)
    void ensureNamespaces(list)
      .then(() => live && setReady(true))
      .catch(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [wanted]);
  return ready;
}
