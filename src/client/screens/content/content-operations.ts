import { consoleApiPaths } from '../../../shared/console-api';
import { contentApi } from '../../api/content-endpoints';
import { downloadListFile } from '../../api/download-file';
import type { ListLoadQuery } from '../../engine/list-query';
import { contentQueryOf } from './content-query';

/** Every unit's records of a kind as the organisers' workbook of what the list shows (its keyword and order; the server names the file). */
const exportListed = (kind: 'vehicle' | 'unofficial-guest') => (query: ListLoadQuery) =>
  downloadListFile(consoleApiPaths.exportUnitRecords(kind), `${kind}.xlsx`, query);

/** The load and download calls of the organisers' content lists (ui-schemas/screens/all-*.json). */
export const contentOperations = {
  allVehiclePage: (query: ListLoadQuery) => contentApi.adminPage('vehicle', contentQueryOf(query)),
  allUnofficialGuestPage: (query: ListLoadQuery) => contentApi.adminPage('unofficial-guest', contentQueryOf(query)),
  exportAllVehicles: exportListed('vehicle'),
  exportAllUnofficialGuests: exportListed('unofficial-guest'),
};
