import type { SelectQueryBuilder } from 'kysely';
import type { Page } from '../../shared/api-types.js';

/** Limits a list query to page `pageNum` (1-based) of `pageSize` rows; use with `.$call(...)`. */
export function onPage(pageNum: number, pageSize: number) {
  return <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) => query.limit(pageSize).offset((pageNum - 1) * pageSize);
}

/** The answer of a list call; `total` is the count query's value (a string on PostgreSQL). */
export function pageOf<Item>(records: Item[], total: number | string, pageNum: number, pageSize: number): Page<Item> {
  return { records, total: Number(total), pageNum, pageSize };
}
