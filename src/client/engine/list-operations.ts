import { api } from '../api/endpoints';
import { consoleApi } from '../api/console-endpoints';
import { contentApi } from '../api/content-endpoints';
import { wishApi } from '../api/wish-endpoints';

type ListQuery = Record<string, unknown>;

const pageNumber = (value: unknown, fallback: number) => (Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : fallback);

/** Query values as the server's query schemas take them (strings); blanks left out. */
function searchOf(query: ListQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

/** The query of a content list (the keyword its filter bar has). */
function contentQueryOf(query: ListQuery) {
  const keyword = typeof query.keyword === 'string' && query.keyword !== '' ? query.keyword : undefined;
  return { pageNum: pageNumber(query.pageNum, 1), pageSize: pageNumber(query.pageSize, 10), keyword };
}

/**
 * The load calls of list declarations (kind "list"): each takes the query (filters, pageNum,
 * pageSize) and answers a page { records, total, pageNum, pageSize }.
 */
export const listOperations = {
  myNoticePage: (query: ListQuery) => api.myNoticePage(pageNumber(query.pageNum, 1), pageNumber(query.pageSize, 10)),
  consoleAuditPage: (query: ListQuery) => consoleApi.auditPage(searchOf(query)),
  allVehiclePage: (query: ListQuery) => contentApi.adminPage('vehicle', contentQueryOf(query)),
  allUnofficialGuestPage: (query: ListQuery) => contentApi.adminPage('unofficial-guest', contentQueryOf(query)),
  consoleGuestPage: (query: ListQuery) => consoleApi.guestSearch(searchOf(query)),
  wishPage: (query: ListQuery) => wishApi.wishPage({ pageNum: pageNumber(query.pageNum, 1), pageSize: pageNumber(query.pageSize, 20) }),
};
