/**
 * The conformance run: load every case file first (any malformed file -> exit 2 before a
 * single case runs), then run every case, print each failure, end with "N passed, N failed"
 * (", N skipped" when the JSON-Schema-Test-Suite skip list excused some tests).
 * Our own case files and JSON-Schema-Test-Suite files may be mixed; each file's format is
 * recognised by its shape (suite-file.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { MalformedCaseFileError, parseCaseFile, type ConformanceCase } from './case-file';
import { checkCase } from './check-case';
import { collectCaseFiles, MissingPathError } from './collect-files';
import { looksLikeSuiteFile, parseSuiteFile } from './suite-file';
import { nodeVerdicts, planSuite, suiteFailure, type SuiteFile } from './suite-run';
import { loadSkipList } from './suite-skips';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_MALFORMED = 2;

export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

function display(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel;
}

function isSuiteText(text: string): boolean {
  try {
    return looksLikeSuiteFile(JSON.parse(text));
  } catch {
    return false; // parseCaseFile reports the JSON error
  }
}

export async function runConformance(paths: string[], output: Output): Promise<number> {
  let files: string[];
  try {
    files = collectCaseFiles(paths);
  } catch (error) {
    if (!(error instanceof MissingPathError)) throw error;
    output.err(`MALFORMED ${error.message}`);
    return EXIT_MALFORMED;
  }
  if (files.length === 0) {
    output.err(`MALFORMED no case files (*.json) in ${paths.join(', ')}`);
    return EXIT_MALFORMED;
  }

  const loaded: { file: string; cases: ConformanceCase[] }[] = [];
  const suiteFiles: SuiteFile[] = [];
  let malformed = false;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    try {
      if (isSuiteText(text)) {
        suiteFiles.push({ file: display(file), absFile: resolve(file), groups: parseSuiteFile(display(file), JSON.parse(text)) });
      } else {
        loaded.push({ file, cases: parseCaseFile(display(file), text) });
      }
    } catch (error) {
      if (!(error instanceof MalformedCaseFileError)) throw error;
      malformed = true;
      for (const problem of error.problems) output.err(`MALFORMED ${error.file}: ${problem}`);
    }
  }
  if (malformed) return EXIT_MALFORMED;

  const compileDir = mkdtempSync(join(tmpdir(), 'conformance-suite-'));
  try {
    const plan = planSuite(suiteFiles, suiteFiles.length > 0 ? loadSkipList() : [], compileDir);
    if (plan.staleSkips.length > 0) {
      for (const entry of plan.staleSkips) {
        output.err(`MALFORMED ${entry.list ?? 'skip-list.json'}: entry matches no test (${JSON.stringify({ ...entry, list: undefined })})`);
      }
      return EXIT_MALFORMED;
    }

    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const { file, cases } of loaded) {
      cases.forEach((testCase, index) => {
        const reason = checkCase(testCase);
        if (reason === undefined) {
          passed += 1;
          return;
        }
        failed += 1;
        const label = testCase.name === undefined ? '' : ` (${testCase.name})`;
        output.out(`FAIL ${display(file)} #${index}${label}: ${reason}`);
      });
    }
    const verdicts = await nodeVerdicts(plan);
    plan.tests.forEach((test, i) => {
      if (test.skipReason !== undefined) {
        skipped += 1;
        return;
      }
      const reason = suiteFailure(test, verdicts[i]);
      if (reason === undefined) {
        passed += 1;
        return;
      }
      failed += 1;
      output.out(`FAIL ${test.file} #${test.groupIndex}.${test.testIndex}: ${reason}`);
    });
    output.out(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
    return failed > 0 ? EXIT_FAILED : EXIT_OK;
  } finally {
    rmSync(compileDir, { recursive: true, force: true });
  }
}
