import { apiPaths } from '../../../shared/api-paths';
import { downloadListFile } from '../../api/download-file';
import { api } from '../../api/endpoints';
import { orderOfListQuery, pageNumberOf, searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';

/** The load and export calls of the notice list declaration (ui-schemas/screens/notice-list.json). */
export const noticeOperations = {
  myNoticePage: (query: ListLoadQuery) =>
    api.myNoticePage(pageNumberOf(query.pageNum, 1), pageNumberOf(query.pageSize, 10), searchOfListQuery(orderOfListQuery(query))),
  exportMyNotices: (query: ListLoadQuery) => downloadListFile(apiPaths.exportMyNotices, 'notices.xlsx', query),
};
