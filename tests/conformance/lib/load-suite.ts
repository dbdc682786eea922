/** Loads the shipped JSON-Schema-Test-Suite files and our own case files (for tests that run them elsewhere, e.g. in Chromium). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCaseFile, type ConformanceCase } from './case-file';
import { collectCaseFiles } from './collect-files';
import { parseSuiteFile } from './suite-file';
import type { SuiteFile } from './suite-run';
import { OWN_SUITE_ROOT, SUITE_ROOT } from './suite-skips';

export const SHIPPED_CASES_DIR = fileURLToPath(new URL('../cases', import.meta.url));
/** The official suite's draft7 folder (optional/ included) and our own draft-06/07 keyword groups. */
export const SHIPPED_SUITE_DIRS = [`${SUITE_ROOT}/tests/draft7`, `${OWN_SUITE_ROOT}/groups`];
/** The official suite's remotes, served to the compiler as http://localhost:1234/... */
export const SHIPPED_REMOTES_DIR = `${SUITE_ROOT}/remotes`;

export function loadShippedSuite(): SuiteFile[] {
  return collectCaseFiles(SHIPPED_SUITE_DIRS).map((absFile) => ({
    file: absFile,
    absFile,
    groups: parseSuiteFile(absFile, JSON.parse(readFileSync(absFile, 'utf8'))),
  }));
}

export function loadShippedCases(): { file: string; cases: ConformanceCase[] }[] {
  return collectCaseFiles([SHIPPED_CASES_DIR]).map((file) => ({ file, cases: parseCaseFile(file, readFileSync(file, 'utf8')) }));
}
