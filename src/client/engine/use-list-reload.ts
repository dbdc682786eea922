import { useCallback, useMemo, useState } from 'react';
import type { ListHost } from './list-actions';

/** A host for a declared list that a form beside it changes: `reload()` after the form saved. */
export function useListReload(extra: Omit<ListHost, 'reloadSignal'> = {}): { host: ListHost; reload: () => void } {
  const [reloadSignal, setReloadSignal] = useState(0);
  const reload = useCallback(() => setReloadSignal((count) => count + 1), []);
  const key = JSON.stringify(extra);
  // `key` stands for the plain options (embedded): a new literal every render
  const host = useMemo(() => ({ ...(JSON.parse(key) as ListHost), reloadSignal }), [key, reloadSignal]);
  return { host, reload };
}
