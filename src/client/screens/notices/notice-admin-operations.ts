import { consoleApiPaths } from '../../../shared/console-api';
import { consoleApi } from '../../api/console-endpoints';
import { downloadListFile } from '../../api/download-file';
import { searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';
import type { FormData } from '../../engine/operation-types';

const idOf = (row: FormData) => String(row.id);

/** The organisers' notices (ui-schemas/screens/notices-admin.json). */
export const noticeAdminOperations = {
  noticePublicationPage: (query: ListLoadQuery) => consoleApi.noticePage(searchOfListQuery(query)),
  exportNotices: (query: ListLoadQuery) => downloadListFile(consoleApiPaths.exportNotices, 'notices.xlsx', query),
  publishNotice: (row: FormData) => consoleApi.publishNotice(idOf(row)),
  deleteNotice: (row: FormData) => consoleApi.deleteNotice(idOf(row)),
};
