import { consoleApiPaths } from '../../../shared/console-api.js';
import type { UnitPageQuery } from '../../../generated/types.js';
import { listWorkbook } from '../../exports/list-workbook.js';
import type { ConsoleWorkbook } from '../../exports/workbooks.js';
import type { UnitList, UnitListItem } from './unit-list.js';

/** The organisers' units list as a workbook of what it shows: the same query (name, type, sort, order) through the same page reader. */
export function unitListWorkbook(units: UnitList): ConsoleWorkbook<never> {
  return listWorkbook<UnitPageQuery, UnitListItem>({
    path: consoleApiPaths.exportUnits,
    summary: "The units with their guests' counts, with the list's filters and order (the query of admin/console/unit/page)",
    query: 'unit-page-query',
    fileKey: 'console.export.files.units',
    sheetKey: 'console.export.sheets.units',
    columns: [
      { headerKey: 'console.schema.fields.unitName', width: 36, value: (row) => row.name },
      { headerKey: 'schema.fields.unitType', width: 14, value: (row, read) => read.t(`schema.enums.unitType.${row.unitType}`) },
      { headerKey: 'console.units.guestCount', value: (row) => row.guestCount },
      { headerKey: 'console.units.approvedCount', value: (row) => row.approvedCount },
      { headerKey: 'console.units.pendingCount', value: (row) => row.pendingCount },
      { headerKey: 'console.units.rejectedCount', value: (row) => row.rejectedCount },
    ],
    page: (editionId, query) => units.pageOf(editionId, query),
  }) as ConsoleWorkbook<never>;
}
