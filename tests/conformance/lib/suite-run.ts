/**
 * Runs JSON-Schema-Test-Suite groups: compile every group the skip list does not exclude
 * (suite-compile.ts), then give each test's data to the compiled validator. `planSuite` is
 * shared with the browser test, which bundles the same modules and must reach the same verdicts.
 */
import { pathToFileURL } from 'node:url';
import { compileGroup, type CompiledGroup, type SuiteOptions } from './suite-compile';
import type { SuiteGroup } from './suite-file';
import { SkipMatcher, suiteRelativeName, type SkipEntry } from './suite-skips';

export interface SuiteFile {
  /** as displayed */
  file: string;
  absFile: string;
  groups: SuiteGroup[];
}

export interface PlannedTest {
  file: string;
  groupIndex: number;
  testIndex: number;
  group: string;
  test: string;
  data: unknown;
  valid: boolean;
  /** a test under an `optional/` folder of the suite (draft-07 lets a validator fail it) */
  optional: boolean;
  skipReason?: string;
  compiled?: CompiledGroup;
}

export interface SuitePlan {
  tests: PlannedTest[];
  /** skip-list entries for the files being run that matched nothing (a stale list) */
  staleSkips: SkipEntry[];
}

export function planSuite(files: SuiteFile[], skipEntries: SkipEntry[], outDir: string, options: SuiteOptions): SuitePlan {
  const matcher = new SkipMatcher(skipEntries);
  const tests: PlannedTest[] = [];
  files.forEach(({ file, absFile, groups }, fileIndex) => {
    const rel = suiteRelativeName(absFile);
    groups.forEach((group, groupIndex) => {
      const groupSkip = matcher.reason(rel, group.description);
      const testSkips = group.tests.map((test) => groupSkip ?? matcher.reason(rel, group.description, test.description));
      const compiled = testSkips.every((s) => s !== undefined)
        ? undefined
        : compileGroup(group, outDir, `f${fileIndex}-g${groupIndex}`, options);
      group.tests.forEach((test, testIndex) => {
        tests.push({
          file,
          groupIndex,
          testIndex,
          group: group.description,
          test: test.description,
          data: test.data,
          valid: test.valid,
          optional: isOptionalFile(absFile),
          skipReason: testSkips[testIndex],
          compiled: testSkips[testIndex] === undefined ? compiled : undefined,
        });
      });
    });
  });
  return { tests, staleSkips: matcher.unused(files.map((f) => suiteRelativeName(f.absFile))) };
}

/** The suite keeps the tests a draft-07 validator may fail under `optional/`. */
export function isOptionalFile(absFile: string): boolean {
  return /[\\/]optional[\\/]/.test(absFile);
}

type Validate = (data: unknown) => boolean;

/** ajv keys a validator by its normalised `$id` (no empty fragment). */
export function exportedValidator<T>(mod: Record<string, T>, key: string): T | undefined {
  return mod[key] ?? mod[key.replace(/#$/, '')];
}

/** Node's verdict per planned test (undefined for skipped or uncompilable ones), in plan order. */
export async function nodeVerdicts(plan: SuitePlan): Promise<(boolean | undefined)[]> {
  const modules = new Map<string, Record<string, Validate>>();
  const verdicts: (boolean | undefined)[] = [];
  for (const test of plan.tests) {
    const moduleFile = test.compiled?.moduleFile;
    if (!test.compiled || moduleFile === undefined) {
      verdicts.push(undefined);
      continue;
    }
    let mod = modules.get(moduleFile);
    if (!mod) {
      try {
        mod = (await import(pathToFileURL(moduleFile).href)) as Record<string, Validate>;
      } catch (error) {
        // ajv's standalone output that does not even load: the compilation's failure, said as such
        test.compiled.compileError = `the compiled module does not load: ${(error as Error).message.split('\n').find((l) => l.includes('ERROR')) ?? (error as Error).message}`;
        test.compiled.moduleFile = undefined;
        verdicts.push(undefined);
        continue;
      }
      modules.set(moduleFile, mod);
    }
    const validate = exportedValidator(mod, test.compiled.key);
    if (typeof validate !== 'function') throw new Error(`${moduleFile} exports no validator "${test.compiled.key}"`);
    try {
      verdicts.push(validate(test.data));
    } catch {
      // a validator that throws (e.g. on deep recursion) has given no verdict: counted as a failure
      verdicts.push(undefined);
    }
  }
  return verdicts;
}

/** The failure line for a planned test given its verdict, or undefined when it holds. */
export function suiteFailure(test: PlannedTest, verdict: boolean | undefined): string | undefined {
  const where = `group "${test.group}", test "${test.test}"`;
  if (test.compiled?.compileError !== undefined)
    return `${where}: the app's compilation refused the schema (${test.compiled.compileError})`;
  if (verdict === test.valid) return undefined;
  if (verdict === undefined) return `${where}: the validator threw instead of answering, expected ${test.valid ? 'valid' : 'invalid'}`;
  return `${where}: found the data ${verdict ? 'valid' : 'invalid'}, expected ${test.valid ? 'valid' : 'invalid'}`;
}
