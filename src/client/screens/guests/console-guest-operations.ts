import { consoleApiPaths } from '../../../shared/console-api';
import { consoleApi } from '../../api/console-endpoints';
import { downloadListFile } from '../../api/download-file';
import { searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';

/** The organisers' guest search and review queue (ui-schemas/screens/console-guest-search.json, review-queue.json). */
export const consoleGuestOperations = {
  consoleGuestPage: (query: ListLoadQuery) => consoleApi.guestSearch(searchOfListQuery(query)),
  exportGuestSearch: (query: ListLoadQuery) => downloadListFile(consoleApiPaths.exportGuestSearch, 'guest-search.xlsx', query),
  exportReviewQueue: (query: ListLoadQuery) => downloadListFile(consoleApiPaths.exportReviewQueue, 'review-queue.xlsx', query),
};
