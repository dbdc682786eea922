import { consoleApiPaths } from '../../../shared/console-api.js';
import type { ConsoleGuestItem } from '../../../shared/console-api.js';
import { guestApiPaths, type GuestSummary, type ReviewItem } from '../../../shared/guest-api.js';
import type { ConsoleGuestQuery, GuestPageQuery, ReviewPageQuery } from '../../../generated/types.js';
import { fieldColumn, type ExportColumn } from '../../exports/excel-export.js';
import { listWorkbook } from '../../exports/list-workbook.js';
import type { ConsoleWorkbook } from '../../exports/workbooks.js';
import type { AuditedListExport } from '../../exports/audited-list-exports.js';
import { pageOf } from '../../http/route-parts.js';
import type { Guests } from './guests.js';
import type { ConsoleGuests } from './console-guests.js';
import type { Review } from './review.js';

/** The name as the lists' guestName cell shows it: Chinese, then English when there is one. */
const nameColumn: ExportColumn<{ nameZh: string; nameEn?: string | null }> = {
  headerKey: 'guest.list.name',
  width: 28,
  value: (row) => (row.nameEn ? `${row.nameZh} / ${row.nameEn}` : row.nameZh),
};
const statusColumn = fieldColumn<{ status: string }>('response-guest-summary', 'status', (row) => row.status, {
  headerKey: 'guest.list.status',
});

/**
 * The console's guest search and the review queue as workbooks of what they list: the same
 * query (filters, sort, order) through the same page reader, the columns of the screens.
 */
export function guestListWorkbooks(search: ConsoleGuests, review: Review): ConsoleWorkbook<never>[] {
  const guestSearch = listWorkbook<ConsoleGuestQuery, ConsoleGuestItem>({
    path: consoleApiPaths.exportGuestSearch,
    summary: "The console guest search's result, with its filters and order (the query of admin/console/guest/page)",
    query: 'console-guest-query',
    fileKey: 'console.export.files.guestSearch',
    sheetKey: 'console.export.sheets.guests',
    columns: [
      nameColumn,
      { headerKey: 'guest.review.unit', width: 28, value: (row) => row.unitName },
      statusColumn,
      { headerKey: 'guest.review.inviteCode', value: (row) => row.inviteCode },
      { headerKey: 'console.schema.fields.arrivalDate', value: (row) => row.arrivalDate },
    ],
    page: (editionId, query) => search.pageOf(editionId, query),
  });
  const reviewQueue = listWorkbook<ReviewPageQuery, ReviewItem>({
    path: consoleApiPaths.exportReviewQueue,
    summary: 'The review queue with its filters and order (the query of admin/review/page); ID numbers masked',
    query: 'review-page-query',
    fileKey: 'console.export.files.reviewQueue',
    sheetKey: 'console.export.sheets.guests',
    columns: [
      nameColumn,
      { headerKey: 'guest.review.unit', width: 28, value: (row) => row.unitName },
      { headerKey: 'guest.list.idNumber', width: 24, value: (row) => row.idNumberMasked },
      { headerKey: 'guest.review.inviteCode', value: (row) => row.inviteCode },
      statusColumn,
      { headerKey: 'guest.review.updatedAt', width: 24, value: (row, read) => read.time(row.updatedAt) },
    ],
    page: (editionId, query) => review.pageOf(editionId, query),
  });
  return [guestSearch, reviewQueue] as ConsoleWorkbook<never>[];
}

/**
 * The unit's own guest list as a workbook of what it shows: the same query (status, name, sort,
 * order) through the list's own page reader, scoped to the caller's unit, the list's columns
 * (the ID number as the list shows it, masked).
 */
export function unitGuestListExport(guests: Guests): AuditedListExport<GuestPageQuery, GuestSummary> {
  return {
    readers: 'units',
    path: guestApiPaths.exportGuestPage,
    summary: "The caller's unit's guest list, with its filters and order (the query of qms/guest/page)",
    query: 'guest-page-query',
    fileKey: 'console.export.files.unitGuests',
    sheetKey: 'console.export.sheets.guests',
    columns: [
      nameColumn,
      { headerKey: 'guest.list.idNumber', width: 24, sensitive: 'idNumber', value: (row) => row.idNumberMasked },
      statusColumn,
      fieldColumn<GuestSummary>('response-guest-summary', 'attendance', (row) => row.attendance, { headerKey: 'guest.list.attendance' }),
      { headerKey: 'guest.list.entourage', value: (row) => row.entourageCount },
    ],
    page: (who, query) =>
      guests.page(who, { ...pageOf(query), status: query.status, name: query.name, sort: query.sort, order: query.order }),
  };
}
