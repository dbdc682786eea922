import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type UrlFilters = Record<string, string | undefined>;

/**
 * Filters a screen's own filter bar keeps in the query string (so reload, links and Back keep
 * them), for a declared list it hosts. Setting them starts again at page 1; blanks are left out;
 * the list's own parameters other than its page (the order its headers set) stay.
 */
export function useUrlFilters(fields: readonly string[]): [UrlFilters, (next: UrlFilters) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = new URLSearchParams(fields.map((field) => [field, searchParams.get(field) ?? ''])).toString();
  // `key` stands for the fields' values (searchParams is a new object on every render)
  const filters = useMemo<UrlFilters>(
    () => Object.fromEntries([...new URLSearchParams(key).entries()].map(([field, value]) => [field, value || undefined])),
    [key],
  );
  const fieldsKey = fields.join('\n');
  const setFilters = useCallback(
    (next: UrlFilters) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          for (const field of [...fieldsKey.split('\n'), ...Object.keys(next), 'pageNum']) params.delete(field);
          for (const [field, value] of Object.entries(next)) if (value) params.set(field, value);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams, fieldsKey],
  );
  return [filters, setFilters];
}
