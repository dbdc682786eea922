/**
 * Shape of a conformance case file and its strict parser. A file that does not parse, is
 * not an array, or holds a case of unknown shape is "malformed" (exit status 2): a typo in
 * a case must never silently turn into a passing or skipped case.
 */
import { schemaFormats, type SchemaFormatName } from '../../../src/shared/schema-formats';
import { splitVersion } from './case-versions';
import { resolveSchemaName } from './schema-names';
import type { SchemaName } from '../../../src/generated/registry';

export interface FormatCase {
  kind: 'format';
  name?: string;
  format: SchemaFormatName;
  value: unknown;
  valid: boolean;
}

export interface SchemaCase {
  kind: 'schema';
  name?: string;
  schema: SchemaName;
  /** the published version the case was written for (`"schema": "guest@2"`); undefined = the current one */
  version?: number;
  data: unknown;
  valid: boolean;
  /** JSON pointers of the failing fields, compared as a set; absent = not compared. */
  errors?: string[];
}

export type ConformanceCase = FormatCase | SchemaCase;

export class MalformedCaseFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.join('; ')}`);
    this.name = 'MalformedCaseFileError';
  }
}

const FORMAT_KEYS = new Set(['name', 'format', 'value', 'valid']);
const SCHEMA_KEYS = new Set(['name', 'schema', 'data', 'valid', 'errors']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isJsonPointer(value: unknown): value is string {
  return typeof value === 'string' && (value === '' || value.startsWith('/'));
}

/** Returns the parsed case, or a list of what is wrong with it. */
function parseCase(raw: unknown): ConformanceCase | string[] {
  if (!isRecord(raw)) return ['is not an object'];
  const problems: string[] = [];
  const isFormat = 'format' in raw;
  const isSchema = 'schema' in raw;
  if (isFormat === isSchema) return ['must have exactly one of "format" (format case) or "schema" (schema case)'];
  const allowed = isFormat ? FORMAT_KEYS : SCHEMA_KEYS;
  const unknownKeys = Object.keys(raw).filter((key) => !allowed.has(key));
  if (unknownKeys.length > 0) problems.push(`unknown key(s) ${unknownKeys.map((k) => JSON.stringify(k)).join(', ')}`);
  if ('name' in raw && typeof raw.name !== 'string') problems.push('"name" must be a string');
  if (typeof raw.valid !== 'boolean') problems.push('"valid" must be true or false');

  if (isFormat) {
    if (!('value' in raw)) problems.push('a format case needs "value"');
    if (typeof raw.format !== 'string' || !Object.prototype.hasOwnProperty.call(schemaFormats, raw.format)) {
      problems.push(`unknown format ${JSON.stringify(raw.format)}`);
    }
    if (problems.length > 0) return problems;
    return {
      kind: 'format',
      name: raw.name as string | undefined,
      format: raw.format as SchemaFormatName,
      value: raw.value,
      valid: raw.valid as boolean,
    };
  }

  if (!('data' in raw)) problems.push('a schema case needs "data"');
  const { reference, version } = typeof raw.schema === 'string' ? splitVersion(raw.schema) : { reference: undefined, version: undefined };
  const schema = reference === undefined ? undefined : resolveSchemaName(reference);
  if (!schema) problems.push(`unknown schema ${JSON.stringify(raw.schema)}`);
  let errors: string[] | undefined;
  if ('errors' in raw) {
    if (!Array.isArray(raw.errors) || !raw.errors.every(isJsonPointer)) {
      problems.push('"errors" must be an array of JSON pointers ("" or starting with "/")');
    } else if (raw.valid === true && raw.errors.length > 0) {
      problems.push('a valid case cannot list "errors"');
    } else {
      errors = raw.errors as string[];
    }
  }
  if (problems.length > 0 || !schema) return problems;
  return {
    kind: 'schema',
    name: raw.name as string | undefined,
    schema,
    version,
    data: raw.data,
    valid: raw.valid as boolean,
    errors,
  };
}

/** Parses one case file's text; throws MalformedCaseFileError listing every problem. */
export function parseCaseFile(file: string, text: string): ConformanceCase[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new MalformedCaseFileError(file, [`not valid JSON (${(error as Error).message})`]);
  }
  if (!Array.isArray(parsed)) throw new MalformedCaseFileError(file, ['must be a JSON array of cases']);
  const cases: ConformanceCase[] = [];
  const problems: string[] = [];
  parsed.forEach((raw, index) => {
    const result = parseCase(raw);
    if (Array.isArray(result)) {
      const label = isRecord(raw) && typeof raw.name === 'string' ? ` (${raw.name})` : '';
      problems.push(`case #${index}${label}: ${result.join(', ')}`);
    } else {
      cases.push(result);
    }
  });
  if (problems.length > 0) throw new MalformedCaseFileError(file, problems);
  return cases;
}
