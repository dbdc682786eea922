/**
 * The order of a list that comes whole (no paging: an activity's roster, a guest's entourage,
 * the receptionists, the temporary codes). The list's page shows it in this order (the client
 * engine sorts the rows it has), and its export writes the rows in the same order (the server's
 * pageOfWhole sorts the same rows the same way): one comparison on both sides, so the file is
 * what the list shows.
 */

/** What the list's query asks: a column's `sort` value and its direction (asc unless desc). */
export interface WholeListOrder {
  sort?: string;
  order?: string;
}

// Chinese names sort by their pinyin (zh-CN), numbers inside texts as numbers (code A2 before A10)
const collator = new Intl.Collator('zh-CN', { numeric: true });
// an ISO date or date-time as the answers carry them: compared as the instant, not as text
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The value a row is sorted by: its field named by the `sort` value (the column's field), else
 * the field of that name of its stored document (an entourage member's `nameZh`).
 */
export function sortValueOf(row: unknown, sort: string): unknown {
  if (!row || typeof row !== 'object') return undefined;
  const fields = row as Record<string, unknown>;
  if (Object.hasOwn(fields, sort)) return fields[sort];
  const document = fields.document;
  return document && typeof document === 'object' ? (document as Record<string, unknown>)[sort] : undefined;
}

const blank = (value: unknown) => value === null || value === undefined || value === '';

/** Two sort values going up: blanks last, numbers and booleans as such, ISO times as instants, texts collated. */
export function compareSortValues(a: unknown, b: unknown): number {
  if (blank(a) || blank(b)) return Number(blank(a)) - Number(blank(b));
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string' && ISO_TIME.test(a) && ISO_TIME.test(b)) {
    const difference = Date.parse(a) - Date.parse(b);
    if (!Number.isNaN(difference) && difference !== 0) return difference;
  }
  return collator.compare(String(a), String(b));
}

/**
 * The rows in the order asked: by the column's value, going down the exact reverse of going up
 * for distinct values (blanks then come first, as on the databases); rows of equal value keep
 * the list's own order (the waiting position, newest first) either way. No `sort`: the list's
 * own order, unchanged.
 */
export function sortedWhole<Row>(rows: readonly Row[], asked: WholeListOrder): Row[] {
  const { sort } = asked;
  if (!sort) return [...rows];
  const direction = asked.order === 'desc' ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, value: sortValueOf(row, sort) }))
    .sort((x, y) => direction * compareSortValues(x.value, y.value) || x.index - y.index)
    .map(({ row }) => row);
}
