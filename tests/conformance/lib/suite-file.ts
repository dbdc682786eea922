/**
 * The JSON-Schema-Test-Suite case format: an array of groups
 * `{ description, schema, tests: [{ description, data, valid }] }`. A group brings its own schema
 * (not one of ours), so it is compiled like ours (suite-compile.ts) before its tests run.
 * Parsed as strictly as our own case files: a typo is "malformed", never a silent pass.
 */
import { MalformedCaseFileError } from './case-file';

export interface SuiteTest {
  description: string;
  data: unknown;
  valid: boolean;
}

export interface SuiteGroup {
  description: string;
  /** an object or a boolean schema, as the suite writes it */
  schema: unknown;
  tests: SuiteTest[];
}

// `comment` and `specification` (links to the spec sections a group tests) are the suite's annotations.
const GROUP_KEYS = new Set(['description', 'schema', 'tests', 'comment', 'specification']);
const TEST_KEYS = new Set(['description', 'data', 'valid', 'comment', 'specification']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A file is in the suite's format when its first entry is a group (has `tests`). */
export function looksLikeSuiteFile(parsed: unknown): boolean {
  return Array.isArray(parsed) && isRecord(parsed[0]) && 'tests' in parsed[0];
}

function unknownKeys(raw: Record<string, unknown>, allowed: Set<string>): string[] {
  const extra = Object.keys(raw).filter((key) => !allowed.has(key));
  return extra.length > 0 ? [`unknown key(s) ${extra.map((k) => JSON.stringify(k)).join(', ')}`] : [];
}

function parseTest(raw: unknown, label: string, problems: string[]): SuiteTest | undefined {
  if (!isRecord(raw)) {
    problems.push(`${label}: is not an object`);
    return undefined;
  }
  const own = unknownKeys(raw, TEST_KEYS);
  if (typeof raw.description !== 'string') own.push('"description" must be a string');
  if (!('data' in raw)) own.push('needs "data"');
  if (typeof raw.valid !== 'boolean') own.push('"valid" must be true or false');
  if (own.length > 0) {
    problems.push(`${label}: ${own.join(', ')}`);
    return undefined;
  }
  return { description: raw.description as string, data: raw.data, valid: raw.valid as boolean };
}

/** Parses an already JSON-parsed suite file; throws MalformedCaseFileError listing every problem. */
export function parseSuiteFile(file: string, parsed: unknown): SuiteGroup[] {
  if (!Array.isArray(parsed)) throw new MalformedCaseFileError(file, ['must be a JSON array of groups']);
  const groups: SuiteGroup[] = [];
  const problems: string[] = [];
  parsed.forEach((raw, index) => {
    const label = `group #${index}`;
    if (!isRecord(raw)) {
      problems.push(`${label}: is not an object`);
      return;
    }
    const own = unknownKeys(raw, GROUP_KEYS);
    if (typeof raw.description !== 'string') own.push('"description" must be a string');
    if (!isRecord(raw.schema) && typeof raw.schema !== 'boolean') own.push('"schema" must be an object or a boolean');
    if (!Array.isArray(raw.tests) || raw.tests.length === 0) own.push('"tests" must be a non-empty array');
    if (own.length > 0) {
      problems.push(`${label}: ${own.join(', ')}`);
      return;
    }
    const tests = (raw.tests as unknown[]).map((test, i) => parseTest(test, `${label} test #${i}`, problems));
    if (tests.every((t): t is SuiteTest => t !== undefined)) {
      groups.push({ description: raw.description as string, schema: raw.schema, tests });
    }
  });
  if (problems.length > 0) throw new MalformedCaseFileError(file, problems);
  return groups;
}
