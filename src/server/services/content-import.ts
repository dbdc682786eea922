import ExcelJS from 'exceljs';
import type { SchemaName } from '../../generated/registry.js';
import type { CatalogueKind } from '../../shared/content-api.js';
import { validateDocument, type FieldError } from '../../shared/validation.js';
import { loadSchema } from '../http/schema-loader.js';
import { allowedLabels, enumValueOfCell, type TextsOfKey } from './import-labels.js';

type Schema = Record<string, unknown>;
type Document = Record<string, unknown>;

/** One import is at most this many rows (a session's guest list is far below it). */
export const MAX_IMPORT_ROWS = 5000;

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
  | { kind: 'unreadable' }
  | { kind: 'fileNotFound' }
  | { kind: 'noRows' }
  | { kind: 'tooManyRows'; max: number }
  | { kind: 'unknownColumn'; column: string }
  | { kind: 'rows'; errors: { row: number; error: FieldError; label?: string }[] };

export type ImportOutcome = { kind: 'valid'; documents: Document[] } | { kind: 'refused'; problem: ImportProblem };

function resolve(schema: Schema, root: Schema): Schema {
  const definitions = (root.definitions ?? {}) as Record<string, Schema>;
  let current = schema;
  for (let depth = 0; depth < 5; depth += 1) {
    const ref = typeof current.$ref === 'string' ? current.$ref : Array.isArray(current.allOf) ? ((current.allOf[0] as Schema)?.$ref as string | undefined) : undefined;
    if (!ref?.startsWith('#/definitions/')) break;
    const target = definitions[ref.slice('#/definitions/'.length)] ?? {};
    current = { ...target, ...current, $ref: undefined, allOf: undefined, type: current.type ?? target.type, format: current.format ?? target.format };
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
        ...(Array.isArray(schema.enum) ? { enumValues: schema.enum, ...(Array.isArray(schema['x-enum-i18n']) ? { enumKeys: schema['x-enum-i18n'] as string[] } : {}) } : {}),
      });
    }
  };
  walk(root.properties as Record<string, Schema>, '');
  return columns;
}

/** "姓名 [nameZh]" or "nameZh" -> "nameZh" */
export function columnKeyOf(header: string): string {
  const bracket = /\[([A-Za-z0-9_.]+)\]\s*$/.exec(header);
  return (bracket ? bracket[1]! : header).trim();
}

function cellText(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    return undefined;
  }
  return value;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell's value in the type the schema wants; anything unexpected is passed on for the validator to reject. */
function convert(raw: unknown, column: ImportColumn, textsOf?: TextsOfKey): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw === 'string' && raw.trim() === '') return undefined;
  if (raw instanceof Date) {
    // Excel dates carry no zone: exceljs reads them as UTC wall-clock values
    const date = `${raw.getUTCFullYear()}-${pad(raw.getUTCMonth() + 1)}-${pad(raw.getUTCDate())}`;
    if (column.format === 'date-time') return `${date}T${pad(raw.getUTCHours())}:${pad(raw.getUTCMinutes())}:${pad(raw.getUTCSeconds())}+08:00`;
    return date;
  }
  if (column.type === 'integer' || column.type === 'number') {
    if (typeof raw === 'number') return raw;
    const text = String(raw).replace(/,/g, '').trim();
    return text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
  }
  if (column.type === 'boolean') return raw;
  // mobile numbers and codes are often typed as numbers in Excel
  const text = typeof raw === 'number' ? String(raw) : String(raw).trim();
  return column.enumValues ? enumValueOfCell(text, column, textsOf) : text;
}

function setPath(doc: Document, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = doc;
  for (const key of keys.slice(0, -1)) {
    node[key] = (node[key] as Document | undefined) ?? {};
    node = node[key] as Document;
  }
  node[keys[keys.length - 1]!] = value;
}

/**
 * Reads the first sheet: row 1 names the columns, every further non-empty row is one
 * document, validated by the same precompiled validator as the form and the API. `textsOf`
 * gives an enum label's texts in every language, so a cell may say 女 or Female for `female`.
 */
export async function readImport(kind: CatalogueKind, filePath: string, textsOf?: TextsOfKey): Promise<ImportOutcome> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(filePath);
  } catch {
    return { kind: 'refused', problem: { kind: 'unreadable' } };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { kind: 'refused', problem: { kind: 'noRows' } };
  const known = new Map(importColumns(kind).map((column) => [column.path, column]));
  const byIndex = new Map<number, ImportColumn>();
  const header = sheet.getRow(1);
  for (let index = 1; index <= header.cellCount; index += 1) {
    const title = cellText(header.getCell(index).value);
    if (title === undefined || String(title).trim() === '') continue;
    const column = known.get(columnKeyOf(String(title)));
    if (!column) return { kind: 'refused', problem: { kind: 'unknownColumn', column: String(title) } };
    byIndex.set(index, column);
  }
  const documents: Document[] = [];
  const rowNumbers: number[] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const doc: Document = {};
    for (const [index, column] of byIndex) {
      const value = convert(cellText(row.getCell(index).value), column, textsOf);
      if (value !== undefined) setPath(doc, column.path, value);
    }
    if (Object.keys(doc).length === 0) continue;
    documents.push(doc);
    rowNumbers.push(r);
    if (documents.length > MAX_IMPORT_ROWS) return { kind: 'refused', problem: { kind: 'tooManyRows', max: MAX_IMPORT_ROWS } };
  }
  if (documents.length === 0) return { kind: 'refused', problem: { kind: 'noRows' } };
  const errors: { row: number; error: FieldError }[] = [];
  documents.forEach((doc, i) => {
    const result = validateDocument(kind as SchemaName, doc);
    if (!result.valid) for (const error of result.errors) errors.push({ row: rowNumbers[i]!, error });
  });
  if (errors.length > 0) return { kind: 'refused', problem: { kind: 'rows', errors } };
  return { kind: 'valid', documents };
}

/** An empty workbook whose header row is the import columns ("label [key]", an enum's labels before the key: "性别（男 / 女）[gender]"). */
export async function importTemplate(kind: CatalogueKind, translate: (key: string) => string): Promise<Buffer> {
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
