/**
 * The conformance run: load every case file first (any malformed file -> exit 2 before a single
 * case runs), then run our own cases (run-cases.ts: each against the schema version it names) and
 * JSON-Schema-Test-Suite files in suite mode (run-suite.ts), print each failure and end with
 * "N passed, N failed" (", N skipped" when a skip list excused tests, ", N optional not passed"
 * for the suite's optional tests). Each file's format is recognised by its shape (suite-file.ts).
 * With `--browser` the same cases and suite tests also run in Chromium and must agree with Node.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { browserAvailable, chromiumPath } from './browser-run';
import { MalformedCaseFileError, parseCaseFile } from './case-file';
import { collectCaseFiles, MissingPathError } from './collect-files';
import { compareWithBrowser } from './compare-browser';
import { remotesFolderFor } from './find-remotes';
import { loadOlderVersions, planOlderVersions } from './older-versions';
import { runCaseFiles, type CaseFile } from './run-cases';
import type { StoredForms } from './stored-forms';
import type { StoredFormReference } from './stored-form-reference';
import { runSuite } from './run-suite';
import { suiteValidatorOptions } from './suite-compile';
import { looksLikeSuiteFile, parseSuiteFile } from './suite-file';
import { loadRemotes } from './suite-remotes';
import { planSuite, type SuiteFile } from './suite-run';
import { loadSkipList } from './suite-skips';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_MALFORMED = 2;

export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

export interface RunOptions {
  /** also run everything in Chromium and compare with Node */
  browser?: boolean;
  /** run the current version's cases against its published record too (as after the next bump) */
  fromRecords?: boolean;
  /** form versions stored in a database (`--form guest@5`), for the cases written for them (stored-forms.ts) */
  forms?: StoredFormReference[];
  /** where those are read: the environment (DATABASE_URL, DATABASE_SCHEMA, DATA_DIR) and `--sqlite FILE` */
  env?: Record<string, string | undefined>;
  sqlite?: string;
}

/** A `--form` no case names would run nothing against the stored version: said, not passed. */
function unnamedForms(forms: StoredFormReference[], caseFiles: CaseFile[]): string[] {
  const named = new Set(
    caseFiles.flatMap(({ cases }) =>
      cases.flatMap((c) => (c.kind === 'schema' && c.version !== undefined ? [`${c.schema}@${c.version}`] : [])),
    ),
  );
  return forms
    .map(({ name, version }) => `${name}@${version}`)
    .filter((reference) => !named.has(reference))
    .map(
      (reference) =>
        `--form ${reference}: no case names "${reference}"; write its cases with "schema": "${reference}" (copy a file of tests/conformance/cases and retag it)`,
    );
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

/** Parses every file; undefined when any is malformed (already reported). */
function loadFiles(files: string[], output: Output): { caseFiles: CaseFile[]; suiteFiles: SuiteFile[] } | undefined {
  const caseFiles: CaseFile[] = [];
  const suiteFiles: SuiteFile[] = [];
  let malformed = false;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    try {
      if (isSuiteText(text)) {
        suiteFiles.push({ file: display(file), absFile: resolve(file), groups: parseSuiteFile(display(file), JSON.parse(text)) });
      } else {
        caseFiles.push({ file: display(file), cases: parseCaseFile(display(file), text) });
      }
    } catch (error) {
      if (!(error instanceof MalformedCaseFileError)) throw error;
      malformed = true;
      for (const problem of error.problems) output.err(`MALFORMED ${error.file}: ${problem}`);
    }
  }
  return malformed ? undefined : { caseFiles, suiteFiles };
}

export async function runConformance(paths: string[], output: Output, options: RunOptions = {}): Promise<number> {
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
  if (options.browser && !browserAvailable()) {
    output.err(`MALFORMED --browser: Chromium not found at ${chromiumPath} (set CHROMIUM_PATH or apt-get install chromium)`);
    return EXIT_MALFORMED;
  }
  const loaded = loadFiles(files, output);
  if (!loaded) return EXIT_MALFORMED;
  const { caseFiles, suiteFiles } = loaded;

  const compileDir = mkdtempSync(join(tmpdir(), 'conformance-'));
  try {
    const forms = options.forms ?? [];
    // the database code is loaded only for --form
    const stored: StoredForms =
      forms.length > 0
        ? await (
            await import('./stored-forms')
          ).compileStoredForms(forms, join(compileDir, 'stored'), options.env ?? process.env, options.sqlite)
        : { modules: [], descriptions: new Map(), problems: [] };
    const storedProblems = [...stored.problems, ...unnamedForms(forms, caseFiles)];
    const planned = planOlderVersions(caseFiles, join(compileDir, 'versions'), {
      fromRecords: options.fromRecords,
      supplied: new Set(stored.descriptions.keys()),
    });
    const versions = { modules: [...planned.modules, ...stored.modules], problems: [...storedProblems, ...planned.problems] };
    for (const problem of versions.problems) output.err(`MALFORMED ${problem}`);
    if (versions.problems.length > 0) return EXIT_MALFORMED;

    const remotes = suiteFiles.length > 0 ? loadRemotes(remotesFolderFor(suiteFiles.map((f) => f.absFile))) : [];
    const plan = planSuite(
      suiteFiles,
      suiteFiles.length > 0 ? loadSkipList() : [],
      join(compileDir, 'suite'),
      await suiteValidatorOptions(remotes),
    );
    if (plan.staleSkips.length > 0) {
      for (const entry of plan.staleSkips) {
        output.err(`MALFORMED ${entry.list ?? 'skip-list.json'}: entry matches no test (${JSON.stringify({ ...entry, list: undefined })})`);
      }
      return EXIT_MALFORMED;
    }

    const olderVersions = await loadOlderVersions(versions);
    const cases = runCaseFiles(caseFiles, olderVersions, output.out, options.fromRecords, stored.descriptions);
    const suite = await runSuite(plan, suiteFiles, remotes, output.out);
    let exit = cases.failed > 0 || suite.failed > 0 || suite.belowBaseline.length > 0 ? EXIT_FAILED : EXIT_OK;
    if (options.browser) {
      const differ = await compareWithBrowser(caseFiles, olderVersions, versions.modules, plan, suite.verdicts, output.out);
      if (differ > 0) exit = EXIT_FAILED;
    }
    const passed = cases.passed + suite.passed;
    const failed = cases.failed + suite.failed;
    const skipped = suite.skipped > 0 ? `, ${suite.skipped} skipped` : '';
    const optional = suite.optionalNotPassed > 0 ? `, ${suite.optionalNotPassed} optional not passed` : '';
    output.out(`${passed} passed, ${failed} failed${skipped}${optional}`);
    return exit;
  } finally {
    rmSync(compileDir, { recursive: true, force: true });
  }
}
