/**
 * The conformance run: load every case file first (any malformed file -> exit 2 before a
 * single case runs), then run every case, print each failure, end with "N passed, N failed".
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { MalformedCaseFileError, parseCaseFile, type ConformanceCase } from './case-file';
import { checkCase } from './check-case';
import { collectCaseFiles, MissingPathError } from './collect-files';

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

export function runConformance(paths: string[], output: Output): number {
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
  let malformed = false;
  for (const file of files) {
    try {
      loaded.push({ file, cases: parseCaseFile(display(file), readFileSync(file, 'utf8')) });
    } catch (error) {
      if (!(error instanceof MalformedCaseFileError)) throw error;
      malformed = true;
      for (const problem of error.problems) output.err(`MALFORMED ${error.file}: ${problem}`);
    }
  }
  if (malformed) return EXIT_MALFORMED;

  let passed = 0;
  let failed = 0;
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
  output.out(`${passed} passed, ${failed} failed`);
  return failed > 0 ? EXIT_FAILED : EXIT_OK;
}
