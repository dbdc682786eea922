import { consoleApiPaths, type HotelItem } from '../../../shared/console-api.js';
import type { HotelQuery } from '../../../generated/types.js';
import { listWorkbook } from '../../exports/list-workbook.js';
import type { ConsoleWorkbook } from '../../exports/workbooks.js';
import type { Hotels } from './hotels.js';

/**
 * The organisers' hotels list as a workbook of what it shows: the same query (name, sort, order)
 * through the same reader. Not the hotels-and-stays workbook (export/hotels), which lists guests.
 */
export function hotelListWorkbook(hotels: Hotels): ConsoleWorkbook<never> {
  return listWorkbook<HotelQuery & { pageNum?: string; pageSize?: string }, HotelItem>({
    path: consoleApiPaths.exportHotelList,
    summary: 'The hotels list with its name filter and order (the query of GET admin/console/hotel)',
    query: 'hotel-query',
    fileKey: 'console.export.files.hotelList',
    sheetKey: 'console.export.sheets.hotels',
    columns: [
      { headerKey: 'console.schema.fields.hotelName', width: 32, value: (row) => row.name },
      { headerKey: 'console.schema.fields.address', width: 40, value: (row) => row.address },
      { headerKey: 'console.schema.fields.phone', width: 20, value: (row) => row.phone },
    ],
    page: (editionId, query) => hotels.hotelPage(editionId, query),
  }) as ConsoleWorkbook<never>;
}
