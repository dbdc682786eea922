import { consoleApiPaths, type ReceptionistItem } from '../../../shared/console-api.js';
import type { ReceptionistQuery } from '../../../generated/types.js';
import { pageOfWhole, type AuditedListExport } from '../../exports/audited-list-exports.js';
import type { Hotels } from './hotels.js';

/**
 * The organisers' receptionists as a workbook of what their list shows (ui-schemas/screens/receptionists.json):
 * the same reader (whole, by name unless the list sorts by a column), the mobile masked as the list answers it (its "show" is the
 * audited reveal, not the export).
 */
export function receptionistListExport(hotels: Hotels): AuditedListExport<ReceptionistQuery, ReceptionistItem> {
  return {
    readers: 'organisers',
    path: consoleApiPaths.exportReceptionists,
    summary: "The organisers' receptionists as their list shows them, by name (admin/console/receptionist)",
    query: 'receptionist-query',
    fileKey: 'console.export.files.receptionists',
    sheetKey: 'console.export.sheets.receptionists',
    columns: [
      { headerKey: 'console.schema.fields.receptionistName', width: 24, value: (row) => row.name },
      { headerKey: 'console.hotels.mobile', width: 18, sensitive: 'mobile', value: (row) => row.mobile },
      { headerKey: 'console.schema.fields.hotel', width: 30, value: (row, read) => row.hotelName ?? read.t('console.hotels.stations') },
    ],
    // answered whole (tens of rows): the export's pages are cut from it
    page: async (who, query) => pageOfWhole(await hotels.receptionists(who), query),
  };
}
