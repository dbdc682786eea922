/**
 * Runs JSON-Schema-Test-Suite files in suite mode (suite-compile.ts) in Node, prints a FAIL line
 * per failing core test and an OPTIONAL line per optional test not passed, then the figures of
 * each collection beside plain ajv 8 + ajv-formats on the same tests (suite-summary.ts).
 */
import { plainAjvPasses } from './plain-ajv-baseline';
import type { RemoteDocument } from './suite-remotes';
import { nodeVerdicts, suiteFailure, type SuitePlan, type SuiteFile } from './suite-run';
import { SuiteFigures } from './suite-summary';

export interface SuiteOutcome {
  passed: number;
  failed: number;
  skipped: number;
  optionalNotPassed: number;
  /** optional collections where suite mode passed fewer tests than plain ajv */
  belowBaseline: string[];
  /** Node's verdict per planned test (for the --browser comparison) */
  verdicts: (boolean | undefined)[];
}

export async function runSuite(
  plan: SuitePlan,
  files: SuiteFile[],
  remotes: RemoteDocument[],
  out: (line: string) => void,
): Promise<SuiteOutcome> {
  const verdicts = await nodeVerdicts(plan);
  const baseline = plainAjvPasses(plan.tests, files, remotes);
  const figures = new SuiteFigures();
  plan.tests.forEach((test, i) => {
    if (test.skipReason !== undefined) {
      figures.add(test, 'skipped', baseline[i] === true);
      return;
    }
    const reason = suiteFailure(test, verdicts[i]);
    figures.add(test, reason === undefined ? 'passed' : 'failed', baseline[i] === true);
    if (reason !== undefined) out(`${test.optional ? 'OPTIONAL' : 'FAIL'} ${test.file} #${test.groupIndex}.${test.testIndex}: ${reason}`);
  });
  for (const line of figures.lines()) out(line);
  const belowBaseline = figures.optionalBelowBaseline();
  for (const collection of belowBaseline) out(`FAIL suite mode passes fewer tests of ${collection} than plain ajv 8 + ajv-formats`);
  return {
    passed: figures.total('core', 'passed') + figures.total('optional', 'passed'),
    failed: figures.total('core', 'failed'),
    skipped: figures.total('core', 'skipped') + figures.total('optional', 'skipped'),
    optionalNotPassed: figures.total('optional', 'failed'),
    belowBaseline,
    verdicts,
  };
}
