import { doorApiPaths } from '../../../shared/door-api.js';
import type { DoorAbsentPage } from '../../../shared/door-api.js';
import type { DoorAbsentQuery } from '../../../generated/types.js';
import type { AuditedListExport } from '../../exports/audited-list-exports.js';
import type { CheckIns } from './check-ins.js';

/**
 * The door's "not arrived" list as a workbook of what it shows (ui-schemas/screens/door-absent.json):
 * the list's own reader with its filter and order, so the sheet holds exactly the rows the
 * organiser filtered; audited as every list's export is.
 */
export function absentListExport(checkIns: CheckIns): AuditedListExport<DoorAbsentQuery, DoorAbsentPage['records'][number]> {
  return {
    readers: 'organisers',
    path: doorApiPaths.exportAbsent,
    summary: 'People with a live badge who have not checked in, with the name filter and order of admin/console/door/absent',
    query: 'door-absent-query',
    fileKey: 'console.export.files.doorAbsent',
    sheetKey: 'console.export.sheets.doorAbsent',
    columns: [
      { headerKey: 'guest.list.name', width: 20, value: (row) => row.nameZh },
      { headerKey: 'schema.fields.nameEn', width: 24, value: (row) => row.nameEn },
      { headerKey: 'guest.review.unit', width: 36, value: (row) => row.unitName },
      { headerKey: 'console.dashboard.entourage', width: 12, value: (row, read) => read.yesNo(row.entourage) },
    ],
    page: (_who, query) => checkIns.absent(query),
  };
}
