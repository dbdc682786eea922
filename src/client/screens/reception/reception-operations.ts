import { consoleApi } from '../../api/console-endpoints';
import { onePage } from '../../engine/list-query';
import type { FormData } from '../../engine/operation-types';

const idOf = (row: FormData) => String(row.id);

/** The organisers' hotels and receptionists (ui-schemas/screens/hotels.json, receptionists.json). */
export const receptionOperations = {
  hotelList: async () => onePage(await consoleApi.hotels()),
  deleteHotel: (row: FormData) => consoleApi.deleteHotel(idOf(row)),
  receptionistList: async () => onePage(await consoleApi.receptionists()),
  deleteReceptionist: (row: FormData) => consoleApi.deleteReceptionist(idOf(row)),
};
