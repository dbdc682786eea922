import { consoleApiPaths } from '../../../shared/console-api.js';
import type { WishRecord } from '../../../shared/wish-api.js';
import type { WishPageQuery } from '../../../generated/types.js';
import { listWorkbook } from '../../exports/list-workbook.js';
import { documentColumns } from '../../exports/document-columns.js';
import type { ExportColumn } from '../../exports/excel-export.js';
import { currentSchema } from '../../http/live-schemas.js';
import type { ConsoleWorkbook } from '../../exports/workbooks.js';
import type { GoodWishes } from './good-wishes.js';

/** The message, the files and the time, as the list shows them. */
const listColumns: ExportColumn<WishRecord>[] = [
  { headerKey: 'wish.list.unit', width: 32, value: (row) => row.unitName },
  {
    headerKey: 'wish.list.message',
    width: 48,
    value: (row, read) => (typeof row.document.wishMessage === 'string' ? row.document.wishMessage : read.t('wish.list.noMessage')),
  },
  {
    headerKey: 'wish.list.files',
    width: 40,
    value: (row) =>
      Object.values(row.files)
        .flatMap((file) => (file ? [file.name] : []))
        .join(', ') || null,
  },
];
const updatedAtColumn: ExportColumn<WishRecord> = {
  headerKey: 'wish.list.updatedAt',
  width: 24,
  value: (row, read) => read.time(row.updatedAt),
};

/**
 * The list's columns, then one per other field of the published good-wishes version (a field a
 * publish in the console adds, headed by its label), before the time. Read on each export.
 */
function wishColumns(): ExportColumn<WishRecord>[] {
  const added = documentColumns<WishRecord>(currentSchema('good-wishes'), (row) => row.document, {
    // no field of the form is sealed
    open: (value) => value,
    leaveOut: (field) => field.name === 'wishMessage' || field.info.kind === 'file',
  });
  return [...listColumns, ...added, updatedAtColumn];
}

/** The messages of good wishes as a workbook of what their list shows: the same query (unit, sort, order) through the same page reader. */
export function wishListWorkbook(wishes: GoodWishes): ConsoleWorkbook<never> {
  return listWorkbook<WishPageQuery, WishRecord>({
    path: consoleApiPaths.exportWishes,
    summary: "The units' messages of good wishes with their list's unit filter and order (the query of admin/wish/page); files by name",
    query: 'wish-page-query',
    fileKey: 'console.export.files.wishes',
    sheetKey: 'console.export.sheets.wishes',
    // read when a workbook is asked for, so it follows the published version
    get columns() {
      return wishColumns();
    },
    page: (editionId, query) => wishes.pageOf(editionId, query),
  }) as ConsoleWorkbook<never>;
}
