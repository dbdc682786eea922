import { apiPaths } from '../../../shared/api-paths.js';
import type { NoticeItem } from '../../../shared/api-types.js';
import type { NoticePageQuery } from '../../../generated/types.js';
import type { AuditedListExport } from '../../exports/audited-list-exports.js';
import { pageOf } from '../../http/route-parts.js';
import type { Notices } from './notices.js';

/**
 * The notices an account received as a workbook of what its list shows (ui-schemas/screens/notice-list.json):
 * the same page reader and order (the caller's notices, newest first unless sorted, the portal's own read in the caller's
 * language), the list's columns; the release time whole (the list says "2 hours ago").
 */
export function myNoticeListExport(notices: Notices): AuditedListExport<NoticePageQuery, NoticeItem> {
  return {
    readers: 'signed-in',
    path: apiPaths.exportMyNotices,
    summary: "The caller's notices as their list shows them, newest first unless sorted (the query of qms/notice-announce/myNoticePage)",
    query: 'notice-page-query',
    fileKey: 'console.export.files.myNotices',
    sheetKey: 'console.export.sheets.notices',
    columns: [
      { headerKey: 'schema.fields.noticeTitle', width: 40, value: (row) => row.title },
      { headerKey: 'schema.fields.releaseTime', width: 24, value: (row, read) => read.time(row.releaseTime) },
      { headerKey: 'client.notices.status', value: (row, read) => read.t(row.read ? 'client.notices.read' : 'client.notices.unread') },
    ],
    page: (who, query, { language }) => {
      const { pageNum, pageSize } = pageOf(query);
      return notices.page(who, language, pageNum, pageSize, query);
    },
  };
}
