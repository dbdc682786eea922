/**
 * Browser and server agree on every shipped case. The JSON-Schema-Test-Suite groups are compiled
 * once in suite mode (suite-compile.ts), the official draft7 folder (optional/ included) and our
 * own draft-06/07 keyword groups alike; Node imports those modules, and Chromium runs an esbuild
 * bundle of the very same files (browser-run.ts, what `npm run conformance -- --browser` uses).
 * Our own case files go the same way: the bundle holds check-case.ts with the app's generated
 * validators and shared formats, and both sides must give the same answer for each case.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable } from '../e2e/support/chromium';
import { answersInChromium, type BrowserAnswers } from './lib/browser-run';
import { checkCase } from './lib/check-case';
import { loadShippedCases, loadShippedSuite, SHIPPED_REMOTES_DIR } from './lib/load-suite';
import { loadOlderVersions, planOlderVersions } from './lib/older-versions';
import { suiteValidatorOptions } from './lib/suite-compile';
import { loadRemotes } from './lib/suite-remotes';
import { nodeVerdicts, planSuite, type PlannedTest } from './lib/suite-run';
import { loadSkipList } from './lib/suite-skips';

const dir = mkdtempSync(join(tmpdir(), 'conformance-browser-test-'));
const hasChromium = chromiumAvailable();

let runnable: PlannedTest[] = [];
let node: (boolean | undefined)[] = [];
let caseReasons: (string | null)[] = [];
let browser: BrowserAnswers;
const caseFiles = loadShippedCases();
const cases = caseFiles.flatMap(({ cases: list }) => list);

beforeAll(async () => {
  const plan = planSuite(
    loadShippedSuite(),
    loadSkipList(),
    join(dir, 'suite'),
    await suiteValidatorOptions(loadRemotes(SHIPPED_REMOTES_DIR)),
  );
  const verdicts = await nodeVerdicts(plan);
  const indices = plan.tests.flatMap((t, i) => (t.compiled?.moduleFile !== undefined ? [i] : []));
  runnable = indices.map((i) => plan.tests[i] as PlannedTest);
  node = indices.map((i) => verdicts[i]);
  const versions = planOlderVersions(caseFiles, join(dir, 'versions'));
  const olderVersions = await loadOlderVersions(versions);
  caseReasons = cases.map((c) => checkCase(c, olderVersions) ?? null);
  if (hasChromium) browser = await answersInChromium({ cases, olderVersions: versions.modules, suiteTests: runnable });
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!hasChromium)('conformance verdicts: Chromium and Node agree', () => {
  it('on every shipped JSON-Schema-Test-Suite test that is not skipped, official and our own', () => {
    // the official draft7 folder (core and optional/) and our own draft-06/07 keyword groups are all compared
    expect(runnable.filter((t) => t.file.includes('/json-schema-test-suite/tests/draft7/') && !t.optional).length).toBeGreaterThanOrEqual(
      919,
    );
    expect(runnable.filter((t) => t.optional).length).toBeGreaterThan(700);
    expect(runnable.filter((t) => t.file.includes('/draft7-keywords/')).length).toBeGreaterThan(200);
    expect(browser.suite.map((v) => v ?? undefined)).toEqual(node);
    // and on the core tests both are the suite's verdict (the runner says the same; this keeps the comparison honest)
    const core = runnable.map((t, i) => ({ t, v: node[i] })).filter(({ t }) => !t.optional);
    expect(core.map(({ v }) => v)).toEqual(core.map(({ t }) => t.valid));
  });

  it('agrees with the suite on multipleOf, 1e308 against 0.123456789 included (the form runs this very code)', () => {
    const multipleOf = runnable.map((t, i) => ({ t, i })).filter(({ t }) => t.file.endsWith('/tests/draft7/multipleOf.json'));
    expect(multipleOf.map(({ t }) => t.group)).toContain('float division = inf');
    for (const { t, i } of multipleOf) {
      expect(browser.suite[i], `${t.group} / ${t.test}`).toBe(t.valid);
      expect(node[i], `${t.group} / ${t.test}`).toBe(t.valid);
    }
  });

  it('on every shipped case of our own case files (validity and failing pointers)', () => {
    expect(cases.length).toBeGreaterThan(500);
    expect(browser.cases).toEqual(caseReasons);
    expect(caseReasons.every((reason) => reason === null)).toBe(true);
  });
});
