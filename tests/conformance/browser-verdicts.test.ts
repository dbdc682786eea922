/**
 * Browser and server agree on every shipped case. The JSON-Schema-Test-Suite groups are compiled
 * once (the app's standalone compilation, suite-compile.ts), the official suite's files and our
 * own draft-06/07 keyword groups (draft7-keywords/) alike; Node imports those modules, and
 * Chromium runs an esbuild bundle of the very same files. Our own case files go the same way:
 * the bundle holds check-case.ts with the app's generated validators and shared formats, and
 * both sides must give the same answer (same validity, same failing pointers) for each case.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from '../e2e/support/chromium';
import { checkCase } from './lib/check-case';
import { loadShippedCases, loadShippedSuite } from './lib/load-suite';
import { nodeVerdicts, planSuite, type SuitePlan } from './lib/suite-run';
import { loadSkipList } from './lib/suite-skips';

const CHECK_CASE = fileURLToPath(new URL('./lib/check-case.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'conformance-browser-'));
const hasChromium = chromiumAvailable();

let browser: Browser | undefined;
let plan: SuitePlan;
let bundle: string;

/** One IIFE: `window.conformance = { checkCase, suite: { "<module file>": module } }`. */
async function bundleForBrowser(moduleFiles: string[]): Promise<string> {
  const lines = [`export { checkCase } from ${JSON.stringify(CHECK_CASE)};`];
  moduleFiles.forEach((file, i) => lines.push(`import * as m${i} from ${JSON.stringify(pathToFileURL(file).pathname)};`));
  lines.push(`export const suite = { ${moduleFiles.map((file, i) => `${JSON.stringify(file)}: m${i}`).join(', ')} };`);
  const entry = join(dir, 'entry.ts');
  writeFileSync(entry, lines.join('\n'));
  const result = await build({ entryPoints: [entry], bundle: true, format: 'iife', globalName: 'conformance', write: false, platform: 'browser', target: 'es2022' });
  return result.outputFiles[0]?.text ?? '';
}

beforeAll(async () => {
  plan = planSuite(loadShippedSuite(), loadSkipList(), join(dir, 'suite'));
  const moduleFiles = [...new Set(plan.tests.flatMap((t) => (t.compiled?.moduleFile ? [t.compiled.moduleFile] : [])))];
  bundle = await bundleForBrowser(moduleFiles);
  if (hasChromium) browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function inBrowser<T, A>(fn: (arg: A) => T, arg: A): Promise<T> {
  // playwright's PageFunction typing fights generic arguments; the argument is plain JSON here.
  const pageFunction = fn as unknown as (arg: unknown) => T;
  if (!browser) throw new Error('no browser');
  const page = await browser.newPage();
  try {
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: bundle });
    return (await page.evaluate(pageFunction, arg as unknown)) as T;
  } finally {
    await page.close();
  }
}

describe.skipIf(!hasChromium)('conformance verdicts: Chromium and Node agree', () => {
  it('on every shipped JSON-Schema-Test-Suite test that is not skipped', async () => {
    const runnable = plan.tests.filter((t) => t.compiled?.moduleFile !== undefined);
    expect(runnable.length).toBeGreaterThan(400);
    // both the official suite's files and our own draft-06/07 keyword groups are compared
    expect(runnable.filter((t) => t.file.includes('/json-schema-test-suite/')).length).toBeGreaterThan(200);
    expect(runnable.filter((t) => t.file.includes('/draft7-keywords/')).length).toBeGreaterThan(200);
    const node = (await nodeVerdicts(plan)).filter((v): v is boolean => v !== undefined);
    const browserVerdicts = await inBrowser(
      (tests: { module: string; key: string; data: unknown }[]) => {
        const suite = (window as unknown as { conformance: { suite: Record<string, Record<string, (d: unknown) => boolean>> } }).conformance.suite;
        return tests.map((t) => suite[t.module]?.[t.key]?.(t.data) ?? null);
      },
      runnable.map((t) => ({ module: t.compiled?.moduleFile ?? '', key: t.compiled?.key ?? '', data: t.data })),
    );
    expect(browserVerdicts).toEqual(node);
    // and both are the suite's verdict (the runner says the same; this keeps the comparison honest)
    expect(node).toEqual(runnable.map((t) => t.valid));
  }, 120_000);

  it('on every shipped case of our own case files (validity and failing pointers)', async () => {
    const cases = loadShippedCases().flatMap(({ cases: list }) => list);
    expect(cases.length).toBeGreaterThan(500);
    const node = cases.map((c) => checkCase(c) ?? null);
    const browserResults = await inBrowser(
      (list: unknown[]) => {
        const { checkCase: check } = (window as unknown as { conformance: { checkCase: (c: unknown) => string | undefined } }).conformance;
        return list.map((c) => check(c) ?? null);
      },
      cases,
    );
    expect(browserResults).toEqual(node);
    expect(node.every((reason) => reason === null)).toBe(true);
  }, 120_000);
});
