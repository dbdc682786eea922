/**
 * The explained skip lists of the shipped files in the JSON-Schema-Test-Suite format: one
 * `skip-list.json` in each suite folder (SUITE_FOLDERS: the official suite's files and our own
 * draft-06/07 keyword groups). An entry names a file (relative to its list's folder), optionally
 * one group and one test by description, and says why it does not apply to the app. An entry
 * that matches nothing in a file being run is itself an error, so a list cannot silently outlive
 * the cases it excuses. Files outside these folders (a tester's own) have no skips.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const CONFORMANCE_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The official suite (tests/draft7 and remotes), shipped unchanged (see its SOURCE.md). */
export const SUITE_ROOT = join(CONFORMANCE_ROOT, 'json-schema-test-suite');
/** The project's own groups for draft-06/07 keywords, in the suite's format (see its README.md). */
export const OWN_SUITE_ROOT = join(CONFORMANCE_ROOT, 'draft7-keywords');
export const SUITE_FOLDERS = [SUITE_ROOT, OWN_SUITE_ROOT];

export interface SkipEntry {
  /** relative to tests/conformance, e.g. "json-schema-test-suite/tests/draft7/ref.json" */
  file: string;
  group?: string;
  test?: string;
  reason: string;
  /** the skip-list.json the entry comes from (for messages) */
  list?: string;
}

function loadOneSkipList(folder: string): SkipEntry[] {
  const listFile = join(folder, 'skip-list.json');
  const raw = JSON.parse(readFileSync(listFile, 'utf8')) as unknown;
  if (!Array.isArray(raw)) throw new Error(`${listFile}: must be an array`);
  for (const entry of raw as SkipEntry[]) {
    if (typeof entry.file !== 'string' || typeof entry.reason !== 'string' || entry.reason.trim() === '') {
      throw new Error(`${listFile}: every entry needs "file" and a non-empty "reason" (${JSON.stringify(entry)})`);
    }
  }
  const prefix = relative(CONFORMANCE_ROOT, folder).split(sep).join('/');
  return (raw as SkipEntry[]).map((entry) => ({ ...entry, file: `${prefix}/${entry.file}`, list: relative(process.cwd(), listFile) }));
}

export function loadSkipList(): SkipEntry[] {
  return SUITE_FOLDERS.flatMap(loadOneSkipList);
}

/** The file's name as the skip lists are matched (relative to tests/conformance), or undefined outside the suite folders. */
export function suiteRelativeName(absFile: string): string | undefined {
  const inside = SUITE_FOLDERS.some((folder) => !relative(folder, absFile).startsWith('..'));
  return inside ? relative(CONFORMANCE_ROOT, absFile).split(sep).join('/') : undefined;
}

export class SkipMatcher {
  private readonly used = new Set<SkipEntry>();
  constructor(private readonly entries: SkipEntry[]) {}

  /** The reason a test is skipped, or undefined. `test` undefined asks about the whole group. */
  reason(file: string | undefined, group: string, test?: string): string | undefined {
    if (file === undefined) return undefined;
    const entry = this.entries.find(
      (e) =>
        e.file === file &&
        (e.group === undefined || e.group === group) &&
        (e.test === undefined || (test !== undefined && e.test === test)),
    );
    if (entry) this.used.add(entry);
    return entry?.reason;
  }

  /** Entries for the given files that matched no group or test. */
  unused(files: (string | undefined)[]): SkipEntry[] {
    return this.entries.filter((e) => files.includes(e.file) && !this.used.has(e));
  }
}
