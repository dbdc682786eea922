import { sql, type SelectQueryBuilder } from 'kysely';
import type { SortOrder } from '../../generated/types.js';

/** A list's direction: the `order` of its query schema (definitions.json#/definitions/sortOrder). */
export type SortDirection = SortOrder;

/**
 * A list's sortable columns: the `sort` value of its query schema (a closed enum there) -> the
 * column it orders by. `nullable`: the column may hold NULL; both databases then put NULLs last
 * going up and first going down (PostgreSQL's own order, which its indexes give; SQLite is told).
 */
export type SortColumns<Sort extends string> = Record<Sort, { column: string; nullable?: boolean }>;

/** What a list's query asks: the column name of the enum and the direction (default asc). */
export interface SortAsked<Sort extends string> {
  sort?: Sort;
  order?: SortDirection;
}

/**
 * Orders a list query by the column asked, then by the tie-breaker (the row's id) in the same
 * direction, so every row has one place and OFFSET paging neither repeats nor skips a row;
 * one direction for both keys lets an index on (…, column, id) be read forwards or backwards.
 * Without a `sort`, or with one this list has no column for (a query schema several lists
 * share), the list's own default order applies (`fallback`).
 */
export function orderedBy<DB, TB extends keyof DB, O, Sort extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: SortColumns<Sort>,
  asked: { sort?: string; order?: SortDirection },
  tieBreaker: string,
  postgres: boolean,
  fallback: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  const chosen = asked.sort !== undefined && Object.hasOwn(columns, asked.sort) ? columns[asked.sort as Sort] : undefined;
  if (!chosen) return fallback(query);
  const direction = asked.order === 'desc' ? sql.raw('desc') : sql.raw('asc');
  const nulls = chosen.nullable && !postgres ? sql.raw(asked.order === 'desc' ? ' nulls first' : ' nulls last') : sql.raw('');
  return query.orderBy(sql`${sql.ref(chosen.column)} ${direction}${nulls}`).orderBy(sql`${sql.ref(tieBreaker)} ${direction}`);
}
