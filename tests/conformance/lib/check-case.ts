/**
 * Runs one case through the SAME code the app uses: the formats the generated validators import
 * (src/shared/schema-formats.ts, i.e. formats.ts plus account/date/date-time) and the precompiled
 * validators behind validateDocument. A case written for an older published version runs against
 * that version's validator (compiled from its record, older-versions.ts), with the same error
 * mapping. Returns undefined when the case holds, else the reason. Browser-safe (the --browser
 * bundle carries it).
 */
import type { SchemaName } from '../../../src/generated/registry';
import { schemaFormats } from '../../../src/shared/schema-formats';
import { unsafeStringPointers } from '../../../src/shared/unsafe-strings';
import { fieldErrorsOf, validateDocument } from '../../../src/shared/validation';
import type { ConformanceCase, FormatCase, SchemaCase } from './case-file';
import { currentVersionOf } from './case-versions';

/** A published version's compiled root validator (ajv standalone) and its record. */
export interface VersionValidator {
  validate: ((data: unknown) => boolean) & { errors?: Parameters<typeof fieldErrorsOf>[0] | null };
  schema: unknown;
}

/** The validators compiled from published records (versions older than the current one, or every one with --from-records). */
export type OlderVersions = (name: SchemaName, version: number) => VersionValidator | undefined;

const noOlderVersions: OlderVersions = () => undefined;

function describeValidity(valid: boolean): string {
  return valid ? 'valid' : 'invalid';
}

/**
 * ajv applies `format` to strings only and ignores it on other types (the `type` keyword
 * rejects them), so a non-string value is valid for every format, exactly as in the app.
 */
function checkFormatCase(testCase: FormatCase): string | undefined {
  const actual = typeof testCase.value === 'string' ? schemaFormats[testCase.format](testCase.value) : true;
  if (actual === testCase.valid) return undefined;
  return `format "${testCase.format}" found ${JSON.stringify(testCase.value)} ${describeValidity(actual)}, expected ${describeValidity(testCase.valid)}`;
}

function formatPointers(pointers: Iterable<string>): string {
  const list = [...pointers].map((p) => JSON.stringify(p));
  return list.length > 0 ? list.join(', ') : '(none)';
}

/** validateDocument's verdict and pointers, for the validator of the version the case names. */
function failingPointers(testCase: SchemaCase, olderVersions: OlderVersions): { valid: boolean; pointers: string[] } | string {
  const version = testCase.version ?? currentVersionOf(testCase.schema);
  // a version compiled from its record is used even when current (--from-records)
  const older = olderVersions(testCase.schema, version);
  if (!older && version === currentVersionOf(testCase.schema)) {
    const result = validateDocument(testCase.schema, testCase.data);
    return { valid: result.valid, pointers: result.valid ? [] : result.errors.map((error) => error.pointer) };
  }
  if (!older) return `no validator for ${testCase.schema}@${version}`;
  const unsafe = unsafeStringPointers(testCase.data);
  if (unsafe.length > 0) return { valid: false, pointers: unsafe };
  if (older.validate(testCase.data)) return { valid: true, pointers: [] };
  return { valid: false, pointers: fieldErrorsOf(older.validate.errors ?? [], older.schema).map((error) => error.pointer) };
}

function checkSchemaCase(testCase: SchemaCase, olderVersions: OlderVersions): string | undefined {
  const outcome = failingPointers(testCase, olderVersions);
  if (typeof outcome === 'string') return outcome;
  const result = outcome;
  const schemaLabel = testCase.version === undefined ? testCase.schema : `${testCase.schema}@${testCase.version}`;
  const actualPointers = new Set(result.pointers);
  if (result.valid !== testCase.valid) {
    const detail = result.valid ? '' : ` with errors at ${formatPointers(actualPointers)}`;
    return `schema "${schemaLabel}" found the data ${describeValidity(result.valid)}${detail}, expected ${describeValidity(testCase.valid)}`;
  }
  if (testCase.errors === undefined || testCase.valid) return undefined;
  const expected = new Set(testCase.errors);
  const missing = [...expected].filter((p) => !actualPointers.has(p));
  const unexpected = [...actualPointers].filter((p) => !expected.has(p));
  if (missing.length === 0 && unexpected.length === 0) return undefined;
  const parts = [`schema "${schemaLabel}" reported errors at ${formatPointers(actualPointers)}`];
  if (missing.length > 0) parts.push(`missing ${formatPointers(missing)}`);
  if (unexpected.length > 0) parts.push(`unexpected ${formatPointers(unexpected)}`);
  return parts.join('; ');
}

export function checkCase(testCase: ConformanceCase, olderVersions: OlderVersions = noOlderVersions): string | undefined {
  return testCase.kind === 'format' ? checkFormatCase(testCase) : checkSchemaCase(testCase, olderVersions);
}
