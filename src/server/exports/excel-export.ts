import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { loadExcel } from '../lazy-modules.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatShanghaiWithZone } from '../../shared/shanghai-time.js';
import type { SensitiveKind } from '../../shared/sensitive-fields.js';
import { sensitiveFieldsOf } from '../privacy/masked-answers.js';
import { neutraliseFormula } from './formula-guard.js';
import { fieldOf, ReadableValues } from './readable-values.js';
import { contentDisposition, sanitiseFileName } from '../uploads/file-name.js';

export type CellValue = string | number | null | undefined;

/**
 * One column of an exported sheet; `headerKey` is an i18n key, translated in the caller's
 * language. `value` gets the row and the caller's readable values (labels, Shanghai times, 是/否):
 * a cell holds what a person reads, never a raw code, a UTC time or an id.
 */
export interface ExportColumn<Row> {
  headerKey: string;
  width?: number;
  value: (row: Row, read: ReadableValues) => CellValue;
  /** personal data: masked unless the export is the audited choice with contact data (privacy/export-contacts.ts) */
  sensitive?: SensitiveKind;
}

/**
 * A column of a schema field: its header is the field's label (`x-i18n`) and its cells are read
 * as the schema says (enum labels, times, yes/no). `path` is dotted ('arrival.transportMode').
 */
export function fieldColumn<Row>(
  schemaName: string,
  path: string,
  pick: (row: Row) => unknown,
  options: { width?: number; headerKey?: string } = {},
): ExportColumn<Row> {
  const info = fieldOf(schemaName, path);
  const headerKey = options.headerKey ?? info.labelKey;
  if (!headerKey) throw new Error(`schemas/${schemaName}.json: field ${path} has no x-i18n label`);
  const sensitive = sensitiveFieldsOf(schemaName).find((field) => field.path.filter((part) => part !== '*').join('.') === path)?.kind;
  return {
    headerKey,
    width: options.width ?? (info.kind === 'date-time' ? 24 : undefined),
    value: (row, read) => read.value(info, pick(row)),
    ...(sensitive ? { sensitive } : {}),
  };
}

export interface ExportSheet<Row> {
  /** i18n key of the sheet's tab name */
  nameKey: string;
  columns: ExportColumn<Row>[];
  /** read page by page (or row by row) from the database; never the whole table in memory */
  rows: AsyncIterable<Row>;
}

// sheets of one workbook read different row types; each sheet is consistent within itself
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySheet = ExportSheet<any>;

/** Bytes a sheet may have waiting for compression or for the client before rows stop being read. */
const PENDING_BYTES = 1024 * 1024;

/**
 * Bytes written to a stream and not yet taken by its reader. The compressor's input is a
 * PassThrough of archiver's own readable-stream 2, which predates `writableLength` (undefined
 * there): its count is in `_writableState.length`.
 */
function pendingBytes(stream: Writable): number {
  const older = stream as { writableLength?: number; _writableState?: { length?: number } };
  return older.writableLength ?? older._writableState?.length ?? 0;
}

/**
 * exceljs' streamed sheet hands its XML to the zip compressor without waiting (its StreamBuf
 * ignores backpressure), and row.commit() is synchronous: without a pause here a slow client or
 * a busy compressor would let the whole sheet pile up in memory. The compressor's input (the
 * sheet stream's pipe, an internal of exceljs read defensively) and the answer stream are
 * checked; reading resumes when they drained. The compressor's input is the check that matters:
 * zlib works between turns of the event loop, so until reading pauses nothing reaches the
 * answer stream, the whole sheet waits uncompressed and the server answers nobody else.
 */
async function pace(worksheet: unknown, output: PassThrough): Promise<void> {
  const sink = (worksheet as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
  for (;;) {
    if (output.destroyed) return;
    const waiting =
      sink && !sink.destroyed && pendingBytes(sink) > PENDING_BYTES ? sink : output.writableLength > PENDING_BYTES ? output : null;
    if (!waiting) return;
    // a client that went away closes the answer: stop waiting for a drain that never comes
    const closed = new AbortController();
    await Promise.race([once(waiting, 'drain', { signal: closed.signal }), once(output, 'close', { signal: closed.signal })]).catch(
      () => undefined,
    );
    closed.abort();
  }
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Streams an .xlsx workbook to the client: rows are committed as they are read (exceljs'
 * streaming writer, shared strings off), so memory stays bounded whatever the row count.
 * `fileName` may hold any text (Chinese activity names): the header carries an ASCII fallback
 * and the exact name as RFC 5987 `filename*`. The answer is never cached.
 */
export function sendWorkbook(request: FastifyRequest, reply: FastifyReply, fileName: string, sheets: AnySheet[]): FastifyReply {
  const output = new PassThrough();
  const t = (key: string, params?: Record<string, unknown>) => request.server.translator.t(request.language, key, params);
  const read = new ReadableValues(t);
  void (async () => {
    const ExcelJS = await loadExcel();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false, useStyles: true });
    for (const sheet of sheets) {
      const worksheet = workbook.addWorksheet(t(sheet.nameKey).slice(0, 31));
      worksheet.columns = sheet.columns.map((column, index) => ({
        header: t(column.headerKey),
        key: `c${index}`,
        width: column.width ?? 18,
      }));
      worksheet.getRow(1).font = { bold: true };
      for await (const row of sheet.rows) {
        worksheet.addRow(sheet.columns.map((column) => neutraliseFormula(column.value(row, read) ?? null))).commit();
        await pace(worksheet, output);
      }
      worksheet.commit();
    }
    await workbook.commit();
  })().catch((error: unknown) => {
    // headers are gone already: end the download broken rather than hang it
    request.log.error({ err: error }, 'export failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition('attachment', `${sanitiseFileName(fileName.replace(/[\\/]/g, '_'))}.xlsx`))
    .header('cache-control', 'no-store')
    .send(output);
}

/**
 * What and when, in the caller's language: `活动名单-<activity name>-2026-11-26` (the day in
 * Shanghai). `at` is the portal's clock; `whatKey` names the list (`console.export.files.guests`); `parts` add names.
 */
export function exportFileName(request: FastifyRequest, at: Date, whatKey: string, ...parts: string[]): string {
  const what = request.server.translator.t(request.language, whatKey);
  const day = formatShanghaiWithZone(at.toISOString()).slice(0, 10);
  return [what, ...parts.filter(Boolean), day].join('-');
}

/** Reads an offset-paged query page by page as one row stream (small tables: hotels, unit records). */
export async function* pagedRows<Row>(readPage: (offset: number, limit: number) => Promise<Row[]>, pageSize = 1000): AsyncIterable<Row> {
  for (let offset = 0; ; offset += pageSize) {
    const page = await readPage(offset, pageSize);
    yield* page;
    if (page.length < pageSize) return;
  }
}
