import { consoleApi } from '../../api/console-endpoints';
import { searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';

/** The organisers' guest search (ui-schemas/screens/console-guest-search.json). */
export const consoleGuestOperations = {
  consoleGuestPage: (query: ListLoadQuery) => consoleApi.guestSearch(searchOfListQuery(query)),
};
