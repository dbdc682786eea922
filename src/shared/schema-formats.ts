/**
 * Every `format` a schema may use, keyed by its name: the named formats of formats.ts plus the
 * few the schemas compose from them (account) or need for dates. The generated standalone
 * validators import `schemaFormats` from this module (ajv `code.formats`), so the browser, the
 * server and the conformance runner all run these very functions. Dependency-free on purpose.
 */
import { formats } from './formats.js';

/** YYYY-MM-DD that is a real calendar date. */
function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** ISO 8601 date-time as the date-time widgets send it: a real date, hh:mm[:ss[.fff]], optional zone. */
function isDateTime(value: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/i.exec(
    value,
  );
  return match !== null && isDate(match[1] ?? '');
}

export const schemaFormats = {
  ...formats,
  /** A sign-in account: a mainland mobile number or an e-mail address. */
  account: (value: string): boolean => formats.mobile(value) || formats.email(value),
  date: isDate,
  'date-time': isDateTime,
} satisfies Record<string, (value: string) => boolean>;

export type SchemaFormatName = keyof typeof schemaFormats;

export const schemaFormatNames = Object.keys(schemaFormats) as SchemaFormatName[];
