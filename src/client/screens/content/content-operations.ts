import { contentApi } from '../../api/content-endpoints';
import { pageNumberOf, type ListLoadQuery } from '../../engine/list-query';

/** The query of a content list (the keyword its filter bar has). */
function contentQueryOf(query: ListLoadQuery) {
  const keyword = typeof query.keyword === 'string' && query.keyword !== '' ? query.keyword : undefined;
  return { pageNum: pageNumberOf(query.pageNum, 1), pageSize: pageNumberOf(query.pageSize, 10), keyword };
}

/** The load calls of the organisers' content lists (ui-schemas/screens/all-*.json). */
export const contentOperations = {
  allVehiclePage: (query: ListLoadQuery) => contentApi.adminPage('vehicle', contentQueryOf(query)),
  allUnofficialGuestPage: (query: ListLoadQuery) => contentApi.adminPage('unofficial-guest', contentQueryOf(query)),
};
