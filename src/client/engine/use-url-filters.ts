import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type UrlFilters = Record<string, string | undefined>;

/**
 * Filters a screen's own filter bar keeps in the query string (so reload, links and Back keep
 * them), for a declared list it hosts. Setting them starts again at page 1; blanks are left out.
 */
export function useUrlFilters(fields: readonly string[]): [UrlFilters, (next: UrlFilters) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = new URLSearchParams(fields.map((field) => [field, searchParams.get(field) ?? ''])).toString();
  // `key` stands for the fields' values (searchParams is a new object on every render)
  const filters = useMemo<UrlFilters>(
    () => Object.fromEntries([...new URLSearchParams(key).entries()].map(([field, value]) => [field, value || undefined])),
    [key],
  );
  const setFilters = useCallback(
    (next: UrlFilters) =>
      setSearchParams(Object.fromEntries(Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1]))), {
        replace: true,
      }),
    [setSearchParams],
  );
  return [filters, setFilters];
}
