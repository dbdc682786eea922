import { consoleApiPaths, type NoticePublicationItem } from '../../../shared/console-api.js';
import type { NoticePublicationQuery } from '../../../generated/types.js';
import { listWorkbook } from '../../exports/list-workbook.js';
import type { ConsoleWorkbook } from '../../exports/workbooks.js';
import type { NoticesAdmin } from './notices-admin.js';

/** The organisers' notices as a workbook of what their list shows: the same query (title, sort, order) through the same page reader. */
export function noticeListWorkbook(notices: NoticesAdmin): ConsoleWorkbook<never> {
  return listWorkbook<NoticePublicationQuery, NoticePublicationItem>({
    path: consoleApiPaths.exportNotices,
    summary: "The organisers' notices with their list's title filter and order (the query of admin/console/notice/page)",
    query: 'notice-publication-query',
    fileKey: 'console.export.files.notices',
    sheetKey: 'console.export.sheets.notices',
    columns: [
      { headerKey: 'schema.fields.noticeTitle', width: 40, value: (row) => row.title },
      {
        headerKey: 'console.schema.fields.state',
        value: (row, read) => read.t(row.status === 'draft' ? 'console.notices.draft' : 'console.notices.publishedAt'),
      },
      { headerKey: 'console.notices.releasedAt', width: 24, value: (row, read) => read.time(row.publishedAt) },
      { headerKey: 'console.notices.reads', value: (row) => (row.status === 'published' ? row.readCount : null) },
    ],
    page: (editionId, query) => notices.pageOf(editionId, query),
  }) as ConsoleWorkbook<never>;
}
