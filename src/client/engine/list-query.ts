import type { SortOrder } from '../../generated/types';
// any bundled list query with an `order` carries the shared definition; this one carries little else
import sortingQuery from '../../generated/schemas/message-page-query.json';
import { enumAt } from '../../shared/schema-enums';

/** The directions of a list's order, going up first (definitions.json#/definitions/sortOrder). */
export const sortOrders = enumAt<SortOrder>(sortingQuery, '/definitions/sortOrder');

/**
 * A declared list keeps its filters and page in the query string, so back and forward (and a
 * reload) show the same page. Only the query schema's own fields are read from it.
 */
export const PAGING_FIELDS: ReadonlySet<string> = new Set(['pageNum', 'pageSize']);
/** The order of a list: set by its column headers, kept with the filters, not fields of its filter bar. */
export const ORDER_FIELDS: ReadonlySet<string> = new Set(['sort', 'order']);

/** The order a list's load call sends: the column and direction its headers set (blanks are no order). */
export function orderOfListQuery(query: ListLoadQuery): { sort: string | undefined; order: string | undefined } {
  return { sort: filterText(query.sort), order: filterText(query.order) };
}

export interface ListSorting {
  sort: string | undefined;
  order: SortOrder;
  /** a header pressed: its column becomes the order (going up), or the order turns round; `order` chooses it */
  onSort: (sort: string, order?: SortOrder) => void;
}

/** The filters after a header was pressed: the same column turns round, another starts going up. */
export function sortedFilters(filters: Record<string, string>, sort: string, order?: SortOrder): Record<string, string> {
  const next = order ?? (filters.sort === sort && filters.order !== 'desc' ? 'desc' : 'asc');
  return { ...filters, sort, order: next };
}

export interface ListQuery {
  filters: Record<string, string>;
  pageNum: number;
}

export function readListQuery(search: URLSearchParams, filterFields: readonly string[]): ListQuery {
  const filters: Record<string, string> = {};
  for (const field of filterFields) {
    const value = search.get(field);
    if (value) filters[field] = value;
  }
  const pageNum = Number(search.get('pageNum'));
  return { filters, pageNum: Number.isInteger(pageNum) && pageNum > 0 ? pageNum : 1 };
}

/**
 * A list with parameters of its own (`pageParam`, `sortParam`: a second list on a screen, a list
 * in a dialog over a sorted list) keeps only its page and its order in the URL, under its own
 * names, so two lists never read or change each other's: these are the names.
 */
export function ownListParamNames(pageParam: string | undefined, sortParam: string | undefined): string[] {
  return [...(pageParam ? [pageParam] : []), ...(sortParam ? [`${sortParam}Sort`, `${sortParam}Order`] : [])];
}

/** The page and order of a list with parameters of its own, read from the URL (its order as the query's `sort` and `order`). */
export function readOwnListQuery(search: URLSearchParams, pageParam: string | undefined, sortParam: string | undefined): ListQuery {
  const filters: Record<string, string> = {};
  if (sortParam) {
    const sort = search.get(`${sortParam}Sort`);
    const order = search.get(`${sortParam}Order`);
    if (sort) filters.sort = sort;
    if (order) filters.order = order;
  }
  return { filters, pageNum: pageParam ? pageNumberOf(search.get(pageParam), 1) : 1 };
}

/** The URL parameters of a list with parameters of its own (blanks are to be removed): its page and its order. */
export function ownListQueryParams(
  { filters, pageNum }: ListQuery,
  pageParam: string | undefined,
  sortParam: string | undefined,
): Record<string, string> {
  return {
    ...(pageParam ? { [pageParam]: pageNum > 1 ? String(pageNum) : '' } : {}),
    ...(sortParam ? { [`${sortParam}Sort`]: filters.sort ?? '', [`${sortParam}Order`]: filters.order ?? '' } : {}),
  };
}

/** The filters without the order: what a whole list's load is asked (it sorts the rows itself). */
export function withoutOrder<Value>(filters: Record<string, Value>): Record<string, Value> {
  return Object.fromEntries(Object.entries(filters).filter(([field]) => !ORDER_FIELDS.has(field)));
}

/** Blank filters are left out; page 1 is the default and is left out too. */
export function listQueryParams({ filters, pageNum }: ListQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [field, value] of Object.entries(filters)) {
    const text = typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value);
    if (text) params[field] = text;
  }
  if (pageNum > 1) params.pageNum = String(pageNum);
  return params;
}

export function filterFieldsOf(schema: { properties?: Record<string, unknown> } | undefined): string[] {
  return Object.keys(schema?.properties ?? {}).filter((field) => !PAGING_FIELDS.has(field));
}

/** The query a list's load operation gets: filters, pageNum and pageSize as the form holds them. */
export type ListLoadQuery = Record<string, unknown>;

/** A positive whole page number or page size from the query, else the fallback. */
export function pageNumberOf(value: unknown, fallback: number): number {
  return Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : fallback;
}

/** Query values as the server's query schemas take them (strings); blanks left out. */
export function searchOfListQuery(query: ListLoadQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

/** A filter's text as a load call sends it: a blank is no filter. */
export function filterText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The page and page size of a list's load query (1 and `pageSize` when absent). */
export function pagingOf(query: ListLoadQuery, pageSize: number): { pageNum: number; pageSize: number } {
  return { pageNum: pageNumberOf(query.pageNum, 1), pageSize: pageNumberOf(query.pageSize, pageSize) };
}

/** A whole list the server answers as an array, as the one page a declared list shows. */
export function onePage<Row>(records: Row[]): { records: Row[]; total: number; pageNum: number; pageSize: number } {
  return { records, total: records.length, pageNum: 1, pageSize: Math.max(records.length, 1) };
}
