import { api } from '../../api/endpoints';
import { pageNumberOf, type ListLoadQuery } from '../../engine/list-query';

/** The load call of the notice list declaration (ui-schemas/screens/notice-list.json). */
export const noticeOperations = {
  myNoticePage: (query: ListLoadQuery) => api.myNoticePage(pageNumberOf(query.pageNum, 1), pageNumberOf(query.pageSize, 10)),
};
