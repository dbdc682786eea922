import { consoleApiPaths } from '../../../shared/console-api';
import { contentApi } from '../../api/content-endpoints';
import { downloadFile } from '../../api/download-file';
import { pageNumberOf, type ListLoadQuery } from '../../engine/list-query';

/** The query of a content list (the keyword its filter bar has). */
function contentQueryOf(query: ListLoadQuery) {
  const keyword = typeof query.keyword === 'string' && query.keyword !== '' ? query.keyword : undefined;
  return { pageNum: pageNumberOf(query.pageNum, 1), pageSize: pageNumberOf(query.pageSize, 10), keyword };
}

/** Every unit's records of a kind as the organisers' workbook (the server names the file). */
async function exportAll(kind: 'vehicle' | 'unofficial-guest'): Promise<void> {
  const result = await downloadFile(consoleApiPaths.exportUnitRecords(kind), `${kind}.xlsx`);
  if (!result.ok) throw new Error(result.message);
}

/** The load and download calls of the organisers' content lists (ui-schemas/screens/all-*.json). */
export const contentOperations = {
  allVehiclePage: (query: ListLoadQuery) => contentApi.adminPage('vehicle', contentQueryOf(query)),
  allUnofficialGuestPage: (query: ListLoadQuery) => contentApi.adminPage('unofficial-guest', contentQueryOf(query)),
  exportAllVehicles: () => exportAll('vehicle'),
  exportAllUnofficialGuests: () => exportAll('unofficial-guest'),
};
