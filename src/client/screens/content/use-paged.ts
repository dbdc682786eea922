import { useCallback, useEffect, useState } from 'react';
import type { Page } from '../../../shared/api-types';

export const PAGE_SIZE = 10;

/**
 * A paged list that reloads when the page, the filters or `reload()` change. A failed load
 * shows an empty page (the API client has already shown the error).
 */
export function usePaged<Row, Filters extends object>(load: (query: Filters & { pageNum: number; pageSize: number }) => Promise<Page<Row>>, filters: Filters) {
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page<Row> | null>(null);
  const [nonce, setNonce] = useState(0);
  const key = JSON.stringify(filters);
  useEffect(() => setPageNum(1), [key]);
  useEffect(() => {
    let live = true;
    load({ ...(JSON.parse(key) as Filters), pageNum, pageSize: PAGE_SIZE })
      .then((loaded) => live && setPage(loaded))
      .catch(() => live && setPage({ records: [], total: 0, pageNum, pageSize: PAGE_SIZE }));
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render on purpose: the key and the page decide what is loaded
  }, [key, pageNum, nonce]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { page, setPageNum, reload };
}
