import { consoleApi } from '../../api/console-endpoints';
import { consoleApiPaths } from '../../../shared/console-api';
import { downloadListFile } from '../../api/download-file';
import { onePage, PAGING_FIELDS, searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';
import type { FormData } from '../../engine/operation-types';

const idOf = (row: FormData) => String(row.id);

/** The organisers' hotels and receptionists (ui-schemas/screens/hotels.json, receptionists.json). */
export const receptionOperations = {
  // the hotels come whole (tens of rows): the list's filters and order, not its page
  hotelList: async (query: ListLoadQuery) =>
    onePage(
      await consoleApi.hotels(Object.fromEntries(Object.entries(searchOfListQuery(query)).filter(([field]) => !PAGING_FIELDS.has(field)))),
    ),
  exportHotelList: (query: ListLoadQuery) => downloadListFile(consoleApiPaths.exportHotelList, 'hotel-list.xlsx', query),
  deleteHotel: (row: FormData) => consoleApi.deleteHotel(idOf(row)),
  receptionistList: async () => onePage(await consoleApi.receptionists()),
  exportReceptionists: (query: ListLoadQuery) => downloadListFile(consoleApiPaths.exportReceptionists, 'receptionists.xlsx', query),
  deleteReceptionist: (row: FormData) => consoleApi.deleteReceptionist(idOf(row)),
};
