import { fieldColumn, type ExportColumn } from '../../exports/excel-export.js';
import { listWorkbook } from '../../exports/list-workbook.js';
import { loadSchema } from '../../http/schema-loader.js';
import { pageOf } from '../../http/route-parts.js';
import { catalogueKinds, type CatalogueKind, type ContentRecord, type DownloadItem } from '../../../shared/content-api.js';
import { consoleApiPaths } from '../../../shared/console-api.js';
import type { ContentPageQuery } from '../../../generated/types.js';
import type { ConsoleWorkbook } from '../../exports/workbooks.js';
import { listQueryOf, type ContentRecords } from './content-records.js';
import type { Downloads } from './downloads.js';

interface SchemaNode {
  type?: string;
  properties?: Record<string, SchemaNode>;
}

/** Files (a photo, a business card) are no cell of a sheet: an upload id reads as nothing. */
const FILE_FIELDS = new Set(['photo', 'businessCard', 'file']);

/**
 * The columns of a catalogue kind, read from its schema: one per field in the schema's order,
 * an object's fields one each (the inviter's organisation, name…), headed by the field's label.
 * The export layer masks the x-sensitive ones (mobiles, ID numbers).
 */
function catalogueColumns(kind: CatalogueKind): ExportColumn<ContentRecord>[] {
  const properties = (loadSchema(kind) as SchemaNode).properties ?? {};
  const columns: ExportColumn<ContentRecord>[] = [];
  for (const [property, node] of Object.entries(properties)) {
    if (FILE_FIELDS.has(property)) continue;
    if (node.type === 'object' && node.properties) {
      for (const inner of Object.keys(node.properties))
        columns.push(
          fieldColumn<ContentRecord>(
            kind,
            `${property}.${inner}`,
            (r) => (r.document[property] as Record<string, unknown> | undefined)?.[inner],
          ),
        );
    } else columns.push(fieldColumn<ContentRecord>(kind, property, (r) => r.document[property]));
  }
  return columns;
}

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
      columns: catalogueColumns(kind),
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
