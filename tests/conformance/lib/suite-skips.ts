/**
 * The explained skip list of the JSON-Schema-Test-Suite files
 * (tests/conformance/json-schema-test-suite/skip-list.json). An entry names a file (relative to
 * that folder), optionally one group and one test by description, and says why it does not
 * apply to the app. An entry that matches nothing in a file being run is itself an error, so the
 * list cannot silently outlive the cases it excuses.
 */
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SUITE_ROOT = fileURLToPath(new URL('../json-schema-test-suite', import.meta.url));
const SKIP_LIST_FILE = `${SUITE_ROOT}/skip-list.json`;

export interface SkipEntry {
  file: string;
  group?: string;
  test?: string;
  reason: string;
}

export function loadSkipList(): SkipEntry[] {
  const raw = JSON.parse(readFileSync(SKIP_LIST_FILE, 'utf8')) as unknown;
  if (!Array.isArray(raw)) throw new Error(`${SKIP_LIST_FILE}: must be an array`);
  for (const entry of raw as SkipEntry[]) {
    if (typeof entry.file !== 'string' || typeof entry.reason !== 'string' || entry.reason.trim() === '') {
      throw new Error(`${SKIP_LIST_FILE}: every entry needs "file" and a non-empty "reason" (${JSON.stringify(entry)})`);
    }
  }
  return raw as SkipEntry[];
}

/** The file's name as the skip list writes it, or undefined for a file outside the shipped suite. */
export function suiteRelativeName(absFile: string): string | undefined {
  const rel = relative(SUITE_ROOT, absFile);
  return rel.startsWith('..') ? undefined : rel.split(sep).join('/');
}

export class SkipMatcher {
  private readonly used = new Set<SkipEntry>();
  constructor(private readonly entries: SkipEntry[]) {}

  /** The reason a test is skipped, or undefined. `test` undefined asks about the whole group. */
  reason(file: string | undefined, group: string, test?: string): string | undefined {
    if (file === undefined) return undefined;
    const entry = this.entries.find(
      (e) => e.file === file && (e.group === undefined || e.group === group) && (e.test === undefined || (test !== undefined && e.test === test)),
    );
    if (entry) this.used.add(entry);
    return entry?.reason;
  }

  /** Entries for the given files that matched no group or test. */
  unused(files: (string | undefined)[]): SkipEntry[] {
    return this.entries.filter((e) => files.includes(e.file) && !this.used.has(e));
  }
}
