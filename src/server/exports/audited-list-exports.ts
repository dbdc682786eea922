import type { SchemaName } from '../../generated/registry.js';
import type { Page } from '../../shared/api-types.js';
import type { Language } from '../../shared/constants.js';
import { sortedWhole, type WholeListOrder } from '../../shared/whole-list-order.js';
import type { SignedInAccount } from '../auth/sessions.js';
import type { ListWorkbookShape } from './list-workbook.js';

/** What a list's page reader may need besides the query: the caller's language, the record the list belongs to. */
export interface ListExportContext {
  language: Language;
  /** the route's path parameters (validated by `params`), e.g. the message whose deliveries are listed */
  params: Record<string, string>;
}

/**
 * The workbook of a declared list whose every download is an audit entry: the list's own page
 * reader with the list's own query, scoped by the caller as the list is, so the sheet holds
 * exactly the rows the caller sees, in its order (a unit's rows, never another unit's). The
 * audited export route (audited-export-routes.ts) serves each; features contribute them.
 *
 * `readers` is who reads the list: a unit's own lists (guests, vehicles, activities, its sign-ups
 * for an activity, a guest's entourage), the organisers' lists that have no contact-data choice
 * (messages, deliveries, receptionists, temporary codes and recommendations, an activity's roster
 * and waiting list), or every signed-in account's own (the notices it received). Any other
 * account gets 403. A list a screen hosts (its rows come whole with a record) takes the record's
 * `id` in its query, as its host gives it to the list as a filter.
 */
export interface AuditedListExport<Query extends { pageNum?: string; pageSize?: string }, Row> extends ListWorkbookShape<Row> {
  readers: 'units' | 'organisers' | 'signed-in';
  /** the path parameters' schema, when the list is a part of a record (its path names them as `:name`) */
  params?: SchemaName;
  /** the list's page as the caller reads it */
  page(who: SignedInAccount, query: Query, context: ListExportContext): Promise<Page<Row>>;
  /** what the file's name says beside the list's (the record the list is a part of: an activity's name) */
  fileSubject?(who: SignedInAccount, query: Query, context: ListExportContext): Promise<string>;
}

// workbooks of different rows and queries share the one route; each is consistent within itself
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAuditedListExport = AuditedListExport<any, any>;

/**
 * A page of a list that is answered whole (tens of rows: receptionists, temporary codes, a
 * record's part): the export reads it page after page like any list, so the page asked is cut
 * from the whole, once sorted as the list shows it (the query's `sort` and `order`, through the
 * comparison the client's list sorts with; none: the reader's own order).
 */
export function pageOfWhole<Row>(rows: Row[], query: { pageNum?: string; pageSize?: string } & WholeListOrder): Page<Row> {
  const pageNum = Number(query.pageNum ?? 1);
  const pageSize = Number(query.pageSize ?? rows.length) || rows.length || 1;
  const sorted = sortedWhole(rows, query);
  return { records: sorted.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: rows.length, pageNum, pageSize };
}
