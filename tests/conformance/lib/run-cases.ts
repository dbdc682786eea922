/**
 * Runs our own case files (case-file.ts) in Node: prints which schema version each file's cases ran
 * against ("RAN <file>: 89 cases against guest@2 (current)"), then a FAIL line per failing case.
 */
import type { ConformanceCase } from './case-file';
import { describeVersion } from './case-versions';
import { checkCase, type OlderVersions } from './check-case';

export interface CaseFile {
  /** as displayed */
  file: string;
  cases: ConformanceCase[];
}

export interface CaseTally {
  passed: number;
  failed: number;
}

/** "89 cases against guest@2 (current)", one part per schema version, plus the format cases. */
export function versionSummary(cases: ConformanceCase[], fromRecords = false, stored: ReadonlyMap<string, string> = new Map()): string {
  const counts = new Map<string, number>();
  for (const testCase of cases) {
    const label =
      testCase.kind === 'format'
        ? 'the shared formats (not versioned)'
        : (stored.get(`${testCase.schema}@${testCase.version}`) ?? describeVersion(testCase.schema, testCase.version, fromRecords));
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts.entries()].map(([label, count]) => `${count} case${count === 1 ? '' : 's'} against ${label}`).join(', ');
}

/** `stored`: how the run names the versions read from a database (`guest@5` -> `guest@5 (stored in ...)`) */
export function runCaseFiles(
  files: CaseFile[],
  olderVersions: OlderVersions,
  out: (line: string) => void,
  fromRecords = false,
  stored: ReadonlyMap<string, string> = new Map(),
): CaseTally {
  const tally: CaseTally = { passed: 0, failed: 0 };
  for (const { file, cases } of files) {
    if (cases.length > 0) out(`RAN ${file}: ${versionSummary(cases, fromRecords, stored)}`);
    cases.forEach((testCase, index) => {
      const reason = checkCase(testCase, olderVersions);
      if (reason === undefined) {
        tally.passed += 1;
        return;
      }
      tally.failed += 1;
      const label = testCase.name === undefined ? '' : ` (${testCase.name})`;
      out(`FAIL ${file} #${index}${label}: ${reason}`);
    });
  }
  return tally;
}
