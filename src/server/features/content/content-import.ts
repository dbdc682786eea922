import { setImmediate } from 'node:timers/promises';
import { loadExcel } from '../../lazy-modules.js';
import type { SchemaName } from '../../../generated/registry.js';
import type { CatalogueKind } from '../../../shared/content-api.js';
import { validateDocument, type FieldError } from '../../../shared/validation.js';
import { AppError } from '../../http/app-error.js';
import { loadSchema } from '../../http/schema-loader.js';
import { QueueFullError } from '../../http/semaphore.js';
import { readWorkbookRows, type WorkbookProblem } from '../../imports/workbook-reader.js';
import { allowedLabels, enumValueOfCell, type TextsOfKey } from '../../imports/import-labels.js';

type Schema = Record<string, unknown>;
type Document = Record<string, unknown>;

/** One import is at most this many rows (a session's guest list is far below it). */
export const MAX_IMPORT_ROWS = 5000;

/** Documents validated between two turns of the event loop. */
const VALIDATION_SLICE = 100;

/** Columns the workbook cannot carry: uploads are added in the form afterwards. */
const NOT_IMPORTED = new Set(['photo', 'businessCard']);

export interface ImportColumn {
  /** dotted path into the document ('inviter.name') */
  path: string;
  /** i18n key of the label */
  label: string;
  type: string;
  format?: string;
  /** an enum column: its values and their label keys (a cell may hold either) */
  enumValues?: readonly unknown[];
  enumKeys?: readonly string[];
}

export type ImportProblem =
  WorkbookProblem | { kind: 'fileNotFound' } | { kind: 'rows'; errors: { row: number; error: FieldError; label?: string }[] };

export type ImportOutcome = { kind: 'valid'; documents: Document[] } | { kind: 'refused'; problem: ImportProblem };

function resolve(schema: Schema, root: Schema): Schema {
  const definitions = (root.definitions ?? {}) as Record<string, Schema>;
  let current = schema;
  for (let depth = 0; depth < 5; depth += 1) {
    const ref =
      typeof current.$ref === 'string'
        ? current.$ref
        : Array.isArray(current.allOf)
          ? ((current.allOf[0] as Schema)?.$ref as string | undefined)
          : undefined;
    if (!ref?.startsWith('#/definitions/')) break;
    const target = definitions[ref.slice('#/definitions/'.length)] ?? {};
    current = {
      ...target,
      ...current,
      $ref: undefined,
      allOf: undefined,
      type: current.type ?? target.type,
      format: current.format ?? target.format,
    };
    if (!target.$ref && !target.allOf) break;
  }
  return current;
}

/** The importable columns of a catalogue schema, nested objects flattened one level. */
export function importColumns(kind: CatalogueKind): ImportColumn[] {
  const root = loadSchema(kind);
  const columns: ImportColumn[] = [];
  const walk = (properties: Record<string, Schema>, prefix: string) => {
    for (const [name, raw] of Object.entries(properties)) {
      if (NOT_IMPORTED.has(name)) continue;
      const schema = resolve(raw, root);
      const path = prefix + name;
      if (schema.type === 'object' && schema.properties) {
        walk(schema.properties as Record<string, Schema>, `${path}.`);
        continue;
      }
      const label = (raw['x-i18n'] ?? schema['x-i18n'] ?? '') as string;
      columns.push({
        path,
        label,
        type: String(schema.type ?? 'string'),
        ...(typeof schema.format === 'string' ? { format: schema.format } : {}),
        ...(Array.isArray(schema.enum)
          ? { enumValues: schema.enum, ...(Array.isArray(schema['x-enum-i18n']) ? { enumKeys: schema['x-enum-i18n'] as string[] } : {}) }
          : {}),
      });
    }
  };
  walk(root.properties as Record<string, Schema>, '');
  return columns;
}

/** Replaces an enum cell's label (女, Female) by the value it names; the worker reads cells as text. */
function enumValuesOfLabels(doc: Document, columns: ImportColumn[], textsOf: TextsOfKey | undefined): void {
  for (const column of columns) {
    if (!column.enumValues) continue;
    const keys = column.path.split('.');
    let node: Document | undefined = doc;
    for (const key of keys.slice(0, -1)) node = node?.[key] as Document | undefined;
    const last = keys[keys.length - 1]!;
    const cell = node?.[last];
    if (node && typeof cell === 'string') node[last] = enumValueOfCell(cell, column, textsOf);
  }
}

/**
 * Reads the first sheet: row 1 names the columns, every further non-empty row is one
 * document, validated by the same precompiled validator as the form and the API. The parse runs
 * in a worker thread (imports/workbook-reader.ts: unpacked-size cap, streamed rows, row cap);
 * validation runs here in slices, so other requests are served in between. `textsOf` gives an
 * enum label's texts in every language, so a cell may say 女 or Female for `female`.
 */
export async function readImport(kind: CatalogueKind, filePath: string, textsOf?: TextsOfKey): Promise<ImportOutcome> {
  const allColumns = importColumns(kind);
  const columns = allColumns.map(({ path, type, format }) => ({ path, type, ...(format ? { format } : {}) }));
  let read;
  try {
    read = await readWorkbookRows(filePath, columns, MAX_IMPORT_ROWS);
  } catch (error) {
    if (error instanceof QueueFullError) throw new AppError('tooManyRequests');
    throw error;
  }
  if (read.kind === 'refused') return { kind: 'refused', problem: read.problem };
  const { documents, rowNumbers } = read;
  for (const doc of documents) enumValuesOfLabels(doc, allColumns, textsOf);
  const errors: { row: number; error: FieldError }[] = [];
  for (let i = 0; i < documents.length; i += 1) {
    if (i % VALIDATION_SLICE === VALIDATION_SLICE - 1) await setImmediate();
    const result = validateDocument(kind as SchemaName, documents[i]!);
    if (!result.valid) for (const error of result.errors) errors.push({ row: rowNumbers[i]!, error });
  }
  if (errors.length > 0) return { kind: 'refused', problem: { kind: 'rows', errors } };
  return { kind: 'valid', documents };
}

/** An empty workbook whose header row is the import columns ("label [key]", an enum's labels before the key: "性别（男 / 女）[gender]"). */
export async function importTemplate(kind: CatalogueKind, translate: (key: string) => string): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind);
  const columns = importColumns(kind);
  sheet.addRow(
    columns.map((column) => {
      const allowed = allowedLabels(column, translate);
      return `${column.label ? translate(column.label) : column.path}${allowed ? ` (${allowed})` : ''} [${column.path}]`;
    }),
  );
  sheet.columns.forEach((column) => {
    column.width = 22;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
