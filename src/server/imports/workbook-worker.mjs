/**
 * Reads an import workbook off the event loop: the worker thread started by workbook-reader.ts.
 * Plain JavaScript with no TypeScript imports, so the same file runs under tsx, vitest and plain
 * Node (like face-worker.mjs). exceljs's streaming WorkbookReader reads the first sheet row by
 * row; the row cap applies while reading, so a 50,000-row file stops at row MAX + 1.
 *
 * workerData: { filePath, columns: [{ path, type, format? }], maxRows }
 * Message out (one): { kind: 'rows', documents, rowNumbers }
 *                  | { kind: 'refused', problem: { kind: 'noRows' | 'unreadable' | 'tooManyRows' | 'unknownColumn', ... } }
 */
import { createRequire } from 'node:module';
import { StringDecoder } from 'node:string_decoder';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * exceljs 4.4's SAX feed decodes every chunk of a ZIP entry on its own, so a Chinese character
 * split across two chunks turns into two U+FFFD (about one name in a thousand of a large import
 * came out garbled). Its parse-sax module is replaced, before exceljs loads it, by the same
 * generator with one StringDecoder per stream, which carries a split character over.
 */
function withWholeCharacters() {
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve('exceljs/lib/utils/parse-sax.js');
  // exceljs's own saxes, wherever npm put it
  const { SaxesParser } = createRequire(modulePath)('saxes');
  require(modulePath);
  require.cache[modulePath].exports = async function* parseSax(iterable) {
    const parser = new SaxesParser();
    const decoder = new StringDecoder('utf8');
    let error;
    let events = [];
    parser.on('error', (err) => (error = err));
    parser.on('opentag', (value) => events.push({ eventType: 'opentag', value }));
    parser.on('text', (value) => events.push({ eventType: 'text', value }));
    parser.on('closetag', (value) => events.push({ eventType: 'closetag', value }));
    for await (const chunk of iterable) {
      parser.write(typeof chunk === 'string' ? chunk : decoder.write(chunk));
      if (error) throw error;
      yield events;
      events = [];
    }
    const rest = decoder.end();
    if (rest) {
      parser.write(rest);
      if (error) throw error;
      yield events;
    }
  };
  return import('exceljs');
}

const { default: ExcelJS } = await withWholeCharacters();

/** "姓名 [nameZh]" or "nameZh" -> "nameZh" */
export function columnKeyOf(header) {
  const bracket = /\[([A-Za-z0-9_.]+)\]\s*$/.exec(header);
  return (bracket ? bracket[1] : header).trim();
}

/**
 * The value a person sees in the cell, as text or number or date. A formula cell gives its
 * cached result, never its formula, and nothing is ever evaluated: a text cell starting with
 * `=`, `+`, `-`, `@`, a tab or CR is kept verbatim as text (exports neutralise it on the way out).
 */
export function cellValue(value) {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if (Array.isArray(value.richText)) return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value) return 'result' in value ? cellValue(value.result) : undefined;
    if ('text' in value) return String(value.text);
    return undefined;
  }
  return value;
}

const pad = (n) => String(n).padStart(2, '0');

/** Spaces around a value are typing noise; tabs and CRs are content (kept, like any text). */
const trimSpaces = (text) => text.replace(/^ +| +$/g, '');

/** A cell's value in the type the schema wants; anything unexpected is passed on for the validator to reject. */
export function convert(raw, column) {
  if (raw === undefined) return undefined;
  if (typeof raw === 'string' && raw.trim() === '') return undefined;
  if (raw instanceof Date) {
    // Excel dates carry no zone: exceljs reads them as UTC wall-clock values
    const date = `${raw.getUTCFullYear()}-${pad(raw.getUTCMonth() + 1)}-${pad(raw.getUTCDate())}`;
    if (column.format === 'date-time')
      return `${date}T${pad(raw.getUTCHours())}:${pad(raw.getUTCMinutes())}:${pad(raw.getUTCSeconds())}+08:00`;
    return date;
  }
  if (column.type === 'integer' || column.type === 'number') {
    if (typeof raw === 'number') return raw;
    const text = String(raw).replace(/,/g, '').trim();
    return text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
  }
  if (column.type === 'boolean') return raw;
  // mobile numbers and codes are often typed as numbers in Excel
  return typeof raw === 'number' ? String(raw) : trimSpaces(String(raw));
}

function setPath(doc, path, value) {
  const keys = path.split('.');
  let node = doc;
  for (const key of keys.slice(0, -1)) {
    node[key] = node[key] ?? {};
    node = node[key];
  }
  node[keys[keys.length - 1]] = value;
}

async function read({ filePath, columns, maxRows }) {
  const known = new Map(columns.map((column) => [column.path, column]));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // number formats tell a date from a number
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    let byIndex = null;
    const documents = [];
    const rowNumbers = [];
    for await (const row of sheet) {
      const values = row.values;
      if (byIndex === null) {
        if (row.number !== 1) return { kind: 'refused', problem: { kind: 'noRows' } };
        byIndex = new Map();
        for (let index = 1; index < values.length; index += 1) {
          const title = cellValue(values[index]);
          if (title === undefined || String(title).trim() === '') continue;
          const column = known.get(columnKeyOf(String(title)));
          if (!column) return { kind: 'refused', problem: { kind: 'unknownColumn', column: String(title) } };
          byIndex.set(index, column);
        }
        continue;
      }
      const doc = {};
      for (const [index, column] of byIndex) {
        const value = convert(cellValue(values[index]), column);
        if (value !== undefined) setPath(doc, column.path, value);
      }
      if (Object.keys(doc).length === 0) continue;
      documents.push(doc);
      rowNumbers.push(row.number);
      if (documents.length > maxRows) return { kind: 'refused', problem: { kind: 'tooManyRows', max: maxRows } };
    }
    // the first sheet only
    if (documents.length === 0) return { kind: 'refused', problem: { kind: 'noRows' } };
    return { kind: 'rows', documents, rowNumbers };
  }
  return { kind: 'refused', problem: { kind: 'noRows' } };
}

if (parentPort && workerData) {
  let answer;
  try {
    answer = await read(workerData);
  } catch (error) {
    answer = { kind: 'refused', problem: { kind: 'unreadable', cause: error instanceof Error ? error.message : String(error) } };
  }
  parentPort.postMessage(answer);
}
