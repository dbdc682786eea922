import { consentFieldsOfSchema } from '../../shared/consent-fields.js';
import { documentFields, type DocumentField } from '../../shared/schema-field.js';
import { sensitiveFieldsOfSchema } from '../../shared/sensitive-fields.js';
import type { ExportColumn } from './excel-export.js';

type Schema = Record<string, unknown>;
type Document = Record<string, unknown>;

export interface DocumentColumnOptions<Row> {
  /** fields shown first when the schema has them (a row's names, so a person finds the row) */
  leading?: readonly string[];
  /** columns put right after the leading fields (the row's unit beside its names) */
  afterLeading?: ExportColumn<Row>[];
  /** opens a sealed value (ID numbers, mobiles): the privacy layer masks the column afterwards */
  open: (value: string) => string | null;
  /** fields other columns of the sheet show already */
  leaveOut?: (field: DocumentField) => boolean;
}

/**
 * One column per field of a stored document, read from its bundled schema as it is now: the
 * header is the field's label, the cells read as the schema says (choice labels, Shanghai
 * times, yes/no), so a field an edition adds, drops or relabels shows with no code edit. Fields
 * marked x-sensitive are opened and marked for the privacy layer (masked by default, ID numbers
 * always). A consent tick is left out: its label is the consent text, and the consent is
 * recorded apart with its text version and time.
 */
export function documentColumns<Row>(
  schema: Schema,
  documentOf: (row: Row) => Document,
  options: DocumentColumnOptions<Row>,
): ExportColumn<Row>[] {
  const consents = new Set(consentFieldsOfSchema(schema).map((consent) => consent.field));
  const sensitive = new Map(
    sensitiveFieldsOfSchema(schema)
      .filter((field) => field.path.length === 1)
      .map((field) => [field.path[0]!, field.kind]),
  );
  const leading = options.leading ?? [];
  const fields = documentFields(schema)
    .filter((field) => !consents.has(field.name) && !options.leaveOut?.(field))
    .sort((a, b) => rank(leading, a.name) - rank(leading, b.name));
  const columns = fields.map(({ name, info }): ExportColumn<Row> => {
    const kind = sensitive.get(name);
    const headerKey = info.labelKey ?? name;
    const width = info.kind === 'date-time' ? 24 : undefined;
    if (kind) {
      return {
        headerKey,
        width,
        sensitive: kind,
        value: (row) => {
          const value = documentOf(row)[name];
          return typeof value === 'string' && value !== '' ? options.open(value) : null;
        },
      };
    }
    return { headerKey, width, value: (row, read) => read.value(info, documentOf(row)[name]) };
  });
  const leadingCount = fields.filter((field) => leading.includes(field.name)).length;
  return [...columns.slice(0, leadingCount), ...(options.afterLeading ?? []), ...columns.slice(leadingCount)];
}

/**
 * A row's stored document, parsed once for all its columns: the cells of one row are read one
 * after the other, so the last text parsed is the one asked for again.
 */
export function lastParsed(): (text: string | null | undefined) => Document {
  let last: { text: string; parsed: Document } | null = null;
  return (text) => {
    if (!text) return {};
    if (last?.text !== text) last = { text, parsed: JSON.parse(text) as Document };
    return last.parsed;
  };
}

/** Leading fields in their given order, every other field after them in the schema's order (a stable sort). */
function rank(leading: readonly string[], name: string): number {
  const at = leading.indexOf(name);
  return at >= 0 ? at : leading.length;
}
