import { consoleApiPaths } from '../../../shared/console-api';
import { contentApi } from '../../api/content-endpoints';
import { downloadListFile } from '../../api/download-file';
import { filterText, orderOfListQuery, pagingOf, type ListLoadQuery } from '../../engine/list-query';

/** The query of a content list: the keyword its filter bar has, and the order its headers set. */
function contentQueryOf(query: ListLoadQuery) {
  return {
    ...pagingOf(query, 10),
    keyword: filterText(query.keyword),
    ...orderOfListQuery(query),
  };
}

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
