import type { SchemaName } from '../../generated/registry.js';
import type { Page } from '../../shared/api-types.js';
import type { ExportColumn } from './excel-export.js';
import type { ConsoleWorkbook } from './workbooks.js';

/** Rows per page the export reads: larger than a screen's page, the same query otherwise. */
const EXPORT_PAGE = 500;

/**
 * The workbook of a declared list: the list's own page reader with the list's own query (filters,
 * sort and order; the page is the export's), read page after page, so the sheet holds exactly the
 * rows the list shows, in its order. `query` is the list's query schema: the export route
 * validates the same query string the list's load sends.
 */
export interface ListExport<Query extends { pageNum?: string; pageSize?: string }, Row> extends ListWorkbookShape<Row> {
  page(editionId: string, query: Query): Promise<Page<Row>>;
}

/** What every list's workbook declares besides how it reads its pages. */
export interface ListWorkbookShape<Row> {
  path: string;
  summary: string;
  /** the list's query schema: the route validates the query string the list's load sends */
  query: SchemaName;
  /** i18n keys of the file's name (also the list an audit entry names) and of the sheet's tab */
  fileKey: string;
  sheetKey: string;
  columns: ExportColumn<Row>[];
}

/** The query of one export page: the list's own query, its page the export's. */
export function exportPageQuery<Query extends { pageNum?: string; pageSize?: string }>(query: Query, pageNum: number): Query {
  return { ...query, pageNum: String(pageNum), pageSize: String(EXPORT_PAGE) };
}

/**
 * Every row of a list, page after page in the list's order; `first`, when the caller has read
 * the first page already (to count the rows before the first byte), is not read again.
 */
export async function* everyPage<Query extends { pageNum?: string; pageSize?: string }, Row>(
  read: (query: Query) => Promise<Page<Row>>,
  query: Query,
  first?: Page<Row>,
): AsyncIterable<Row> {
  for (let pageNum = 1; ; pageNum += 1) {
    const page = pageNum === 1 && first ? first : await read(exportPageQuery(query, pageNum));
    yield* page.records;
    if (page.records.length < EXPORT_PAGE || pageNum * EXPORT_PAGE >= page.total) return;
  }
}

export function listWorkbook<Query extends { pageNum?: string; pageSize?: string }, Row>(
  list: ListExport<Query, Row>,
): ConsoleWorkbook<Query> {
  return {
    path: list.path,
    summary: list.summary,
    query: list.query,
    file: () => ({ key: list.fileKey }),
    sheets: (editionId, query) => [
      { nameKey: list.sheetKey, columns: list.columns, rows: everyPage((asked) => list.page(editionId, asked), query) },
    ],
  };
}
