/**
 * Runs one case through the SAME code the app uses: the formats the generated validators import
 * (src/shared/schema-formats.ts, i.e. formats.ts plus account/date/date-time) and the precompiled
 * validators behind validateDocument. Returns undefined when the case holds, else the reason.
 */
import { schemaFormats } from '../../../src/shared/schema-formats';
import { validateDocument } from '../../../src/shared/validation';
import type { ConformanceCase, FormatCase, SchemaCase } from './case-file';

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

function checkSchemaCase(testCase: SchemaCase): string | undefined {
  const result = validateDocument(testCase.schema, testCase.data);
  const actualPointers = new Set(result.valid ? [] : result.errors.map((error) => error.pointer));
  if (result.valid !== testCase.valid) {
    const detail = result.valid ? '' : ` with errors at ${formatPointers(actualPointers)}`;
    return `schema "${testCase.schema}" found the data ${describeValidity(result.valid)}${detail}, expected ${describeValidity(testCase.valid)}`;
  }
  if (testCase.errors === undefined || testCase.valid) return undefined;
  const expected = new Set(testCase.errors);
  const missing = [...expected].filter((p) => !actualPointers.has(p));
  const unexpected = [...actualPointers].filter((p) => !expected.has(p));
  if (missing.length === 0 && unexpected.length === 0) return undefined;
  const parts = [`schema "${testCase.schema}" reported errors at ${formatPointers(actualPointers)}`];
  if (missing.length > 0) parts.push(`missing ${formatPointers(missing)}`);
  if (unexpected.length > 0) parts.push(`unexpected ${formatPointers(unexpected)}`);
  return parts.join('; ');
}

export function checkCase(testCase: ConformanceCase): string | undefined {
  return testCase.kind === 'format' ? checkFormatCase(testCase) : checkSchemaCase(testCase);
}
