import type { Page } from '../../shared/api-types.js';
import type { SignedInAccount } from '../auth/sessions.js';
import type { ListWorkbookShape } from './list-workbook.js';

/**
 * The workbook of one of a unit's own lists (its guests, vehicles, unofficial-activity guests):
 * the list's own page reader with the list's own query, scoped by the caller as the list is, so
 * the sheet holds exactly the rows the unit sees, in its order and never another unit's. The
 * unit export route (unit-export-routes.ts) serves each; features contribute them.
 */
export interface UnitListExport<Query extends { pageNum?: string; pageSize?: string }, Row> extends ListWorkbookShape<Row> {
  /** the list's page as the caller's unit reads it */
  page(who: SignedInAccount, query: Query): Promise<Page<Row>>;
}

// workbooks of different rows and queries share the one route; each is consistent within itself
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyUnitListExport = UnitListExport<any, any>;
