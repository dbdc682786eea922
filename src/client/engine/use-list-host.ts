import { useCallback, useMemo, useRef, useState } from 'react';
import type { ListHost } from './list-actions';

/** What a screen tells its declared list: plain options, and the callbacks it answers with. */
export type ListHostOptions = Omit<ListHost, 'reloadSignal'>;

/**
 * The host of a declared list, with `reload()` for what a dialog beside the list saved. The host
 * keeps its identity while its options do: its callbacks call the screen's latest ones, so a
 * screen passes them inline without re-rendering the list on every render of its own.
 */
export function useListHost(options: ListHostOptions = {}): { host: ListHost; reload: () => void } {
  const [reloadSignal, setReloadSignal] = useState(0);
  const reload = useCallback(() => setReloadSignal((count) => count + 1), []);
  const latest = useRef(options);
  latest.current = options;
  const { embedded, filters, records, facts, selection } = options;
  // only whether a callback is given shapes the host (without onChanged the list reloads itself)
  const hasEvent = Boolean(options.onEvent);
  const hasChanged = Boolean(options.onChanged);
  const hasLoaded = Boolean(options.onLoaded);
  const selected = selection?.selected;
  const onSelect = selection?.onChange;
  const host = useMemo<ListHost>(
    () => ({
      embedded,
      filters,
      records,
      facts,
      reloadSignal,
      ...(selected && onSelect ? { selection: { selected, onChange: onSelect } } : {}),
      ...(hasEvent
        ? { onEvent: (event: string, row: Parameters<NonNullable<ListHost['onEvent']>>[1]) => latest.current.onEvent?.(event, row) }
        : {}),
      ...(hasChanged
        ? { onChanged: (action: Parameters<NonNullable<ListHost['onChanged']>>[0]) => latest.current.onChanged?.(action) }
        : {}),
      ...(hasLoaded ? { onLoaded: (rows: Parameters<NonNullable<ListHost['onLoaded']>>[0]) => latest.current.onLoaded?.(rows) } : {}),
    }),
    [embedded, filters, records, facts, reloadSignal, selected, onSelect, hasEvent, hasChanged, hasLoaded],
  );
  return { host, reload };
}
