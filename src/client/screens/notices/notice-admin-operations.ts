import { consoleApi } from '../../api/console-endpoints';
import { pageNumberOf, type ListLoadQuery } from '../../engine/list-query';
import type { FormData } from '../../engine/operation-types';

const idOf = (row: FormData) => String(row.id);

/** The organisers' notices (ui-schemas/screens/notices-admin.json). */
export const noticeAdminOperations = {
  noticePublicationPage: (query: ListLoadQuery) => consoleApi.noticePage(pageNumberOf(query.pageNum, 1), pageNumberOf(query.pageSize, 20)),
  publishNotice: (row: FormData) => consoleApi.publishNotice(idOf(row)),
  deleteNotice: (row: FormData) => consoleApi.deleteNotice(idOf(row)),
};
