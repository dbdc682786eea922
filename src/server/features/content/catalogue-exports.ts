import { fieldColumn } from '../../exports/excel-export.js';
import { listWorkbook } from '../../exports/list-workbook.js';
import { pageOf } from '../../http/route-parts.js';
import { catalogueKinds, type ContentRecord, type DownloadItem } from '../../../shared/content-api.js';
import { consoleApiPaths } from '../../../shared/console-api.js';
import type { ContentPageQuery } from '../../../generated/types.js';
import type { ConsoleWorkbook } from '../../exports/workbooks.js';
import { listQueryOf, type ContentRecords } from './content-records.js';
import type { Downloads } from './downloads.js';
import { contentFieldColumns } from './content-columns.js';

/**
 * The catalogues units and organisers share (historical guests, investment projects) and the
 * downloads, as the organisers' workbooks of what the lists show: the list's keyword, session or
 * category and order through the list's own page reader (the organisers' reading: unmasked
 * documents, masked by the export layer unless contact data is chosen).
 */
export function catalogueWorkbooks(records: ContentRecords, downloads: Downloads): ConsoleWorkbook<never>[] {
  const catalogues = catalogueKinds.map((kind) =>
    listWorkbook<ContentPageQuery, ContentRecord>({
      path: consoleApiPaths.exportCatalogue(kind),
      summary: `The ${kind === 'historical-guest' ? 'historical guests' : 'investment projects'} with their list's keyword${kind === 'historical-guest' ? ', session' : ''} and order (the query of qms/${kind}/page)`,
      query: 'content-page-query',
      fileKey: `console.export.files.${kind}`,
      sheetKey: `console.export.sheets.${kind}`,
      columns: contentFieldColumns(kind),
      page: (_editionId, query) => records.page(kind, { ...pageOf(query), ...listQueryOf(query), tag: query.session }, {}),
    }),
  );
  const downloadList = listWorkbook<ContentPageQuery, DownloadItem>({
    path: consoleApiPaths.exportDownloads,
    summary: "The published downloads with their list's keyword, category and order (the query of qms/download/page)",
    query: 'content-page-query',
    fileKey: 'console.export.files.downloads',
    sheetKey: 'console.export.sheets.downloads',
    columns: [
      fieldColumn<DownloadItem>('download', 'title', (row) => row.title, { width: 32 }),
      fieldColumn<DownloadItem>('download', 'category', (row) => row.category),
      fieldColumn<DownloadItem>('download', 'description', (row) => row.description, { width: 32 }),
      { headerKey: 'content.fields.file', width: 32, value: (row) => row.fileName },
      { headerKey: 'content.downloads.size', value: (row) => row.bytes },
      { headerKey: 'content.downloads.publishedAt', width: 24, value: (row, read) => read.time(row.createdAt) },
    ],
    page: (_editionId, query) =>
      downloads.page({ ...pageOf(query), keyword: query.keyword, category: query.category, sort: query.sort, order: query.order }),
  });
  return [...catalogues, downloadList] as ConsoleWorkbook<never>[];
}
