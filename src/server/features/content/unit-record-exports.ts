import type { ExportColumn } from '../../exports/excel-export.js';
import { listWorkbook } from '../../exports/list-workbook.js';
import { pageOf } from '../../http/route-parts.js';
import { contentApiPaths, unitRecordKinds, type ContentRecord, type UnitRecordKind } from '../../../shared/content-api.js';
import { consoleApiPaths } from '../../../shared/console-api.js';
import type { ContentPageQuery } from '../../../generated/types.js';
import type { ConsoleWorkbook } from '../../exports/workbooks.js';
import type { AuditedListExport } from '../../exports/audited-list-exports.js';
import { unitOf } from '../../auth/unit-access.js';
import { listQueryOf, type ContentRecords } from './content-records.js';
import { contentFieldColumns } from './content-columns.js';

/**
 * The columns of a unit record kind (vehicle, unofficial-activity guest), read from its schema:
 * one column per property in the schema's order, headed by the field's label. The documents
 * are opened (clear); the export layer masks the x-sensitive columns.
 */
export function unitRecordColumns(kind: UnitRecordKind): ExportColumn<ContentRecord>[] {
  return [{ headerKey: 'console.export.columns.unit', width: 28, value: (r) => r.unitName }, ...ownRecordColumns(kind)];
}

/** The columns of a unit's own list of a kind: its schema's fields and when the record was added (no unit: it is the caller's). */
function ownRecordColumns(kind: UnitRecordKind): ExportColumn<ContentRecord>[] {
  return [
    ...contentFieldColumns(kind),
    { headerKey: 'console.export.columns.createdAt', width: 24, value: (r, read) => read.time(r.createdAt) },
  ];
}

/**
 * The organisers' lists of every unit's records (vehicles, unofficial-activity guests) as
 * workbooks of what they show: the list's keyword and order through the list's own page reader.
 */
export function unitRecordWorkbooks(records: ContentRecords): ConsoleWorkbook<never>[] {
  return unitRecordKinds.map(
    (kind) =>
      listWorkbook<ContentPageQuery, ContentRecord>({
        path: consoleApiPaths.exportUnitRecords(kind),
        summary: `${kind === 'vehicle' ? "Every unit's vehicles" : "Every unit's unofficial-activity guests"} with their list's keyword and order (the query of ${kind}'s admin page)`,
        query: 'content-page-query',
        fileKey: `console.export.files.${kind}`,
        sheetKey: `console.export.sheets.${kind}`,
        columns: unitRecordColumns(kind),
        page: (_editionId, query) => records.page(kind, { ...pageOf(query), ...listQueryOf(query) }, { withUnitName: true }),
      }) as ConsoleWorkbook<never>,
  );
}

/**
 * A unit's own lists of its records (vehicles, unofficial-activity guests) as workbooks of what
 * they show: the list's keyword and order through the list's own page reader, scoped to the
 * caller's unit as the list is (another unit's rows are never read).
 */
export function ownUnitRecordExports(records: ContentRecords): AuditedListExport<ContentPageQuery, ContentRecord>[] {
  return unitRecordKinds.map((kind) => ({
    readers: 'units' as const,
    path: contentApiPaths.unitExport(kind),
    summary: `The caller's unit's ${kind === 'vehicle' ? 'vehicles' : 'unofficial-activity guests'} with their list's keyword and order (the query of qms/${kind}/page)`,
    query: 'content-page-query',
    fileKey: `console.export.files.${kind}`,
    sheetKey: `console.export.sheets.${kind}`,
    columns: ownRecordColumns(kind),
    page: (who, query) => records.page(kind, { ...pageOf(query), ...listQueryOf(query) }, { unitId: unitOf(who) }),
  }));
}
