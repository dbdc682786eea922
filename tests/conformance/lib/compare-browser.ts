/**
 * `--browser`: runs the same cases and suite tests in Chromium (browser-run.ts) and compares each
 * answer with Node's: a DIFFER line per disagreement, then one summary line.
 */
import { answersInChromium } from './browser-run';
import type { CaseFile } from './run-cases';
import type { OlderVersionModule } from './older-versions';
import type { SuitePlan } from './suite-run';
import { checkCase, type OlderVersions } from './check-case';

function describe(answer: string | null | undefined): string {
  return answer === null || answer === undefined ? 'holds' : `fails (${answer})`;
}

/** Returns the number of disagreements. */
export async function compareWithBrowser(
  caseFiles: CaseFile[],
  olderVersions: OlderVersions,
  olderModules: OlderVersionModule[],
  plan: SuitePlan,
  nodeSuiteVerdicts: (boolean | undefined)[],
  out: (line: string) => void,
): Promise<number> {
  const cases = caseFiles.flatMap(({ file, cases: list }) => list.map((testCase, index) => ({ file, index, testCase })));
  const runnable = plan.tests
    .map((test, i) => ({ test, node: nodeSuiteVerdicts[i] }))
    .filter(({ test }) => test.compiled?.moduleFile !== undefined);
  const answers = await answersInChromium({
    cases: cases.map((c) => c.testCase),
    olderVersions: olderModules,
    suiteTests: runnable.map((r) => r.test),
  });
  let differ = 0;
  cases.forEach(({ file, index, testCase }, i) => {
    const node = checkCase(testCase, olderVersions) ?? null;
    const browser = answers.cases[i] ?? null;
    if (node === browser) return;
    differ += 1;
    out(`DIFFER ${file} #${index}: Node: the case ${describe(node)}; Chromium: the case ${describe(browser)}`);
  });
  runnable.forEach(({ test, node }, i) => {
    const browser = answers.suite[i] ?? undefined;
    if (node === browser) return;
    differ += 1;
    const say = (v: boolean | undefined): string => (v === undefined ? 'no verdict' : v ? 'valid' : 'invalid');
    out(`DIFFER ${test.file} #${test.groupIndex}.${test.testIndex}: Node: ${say(node)}; Chromium: ${say(browser)}`);
  });
  out(`browser: ${cases.length} cases and ${runnable.length} suite tests run in Chromium and Node, ${differ} differ`);
  return differ;
}
