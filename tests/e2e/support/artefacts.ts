import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const artefactDir = join('test-artifacts', 'e2e');
mkdirSync(artefactDir, { recursive: true });

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(artefactDir, `${name}.png`), fullPage: true });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const report: Record<string, { url: string; violations: { id: string; impact: string | null; help: string; targets: unknown[] }[] }> = {};

/**
 * Waits until the page's finite CSS transitions and animations have ended (a toast fading in,
 * a dialog growing): axe measures colours as drawn, so a half-opaque toast would fail the
 * contrast rule that the settled toast passes. Endless ones (spinners) are not waited for.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
      null,
      { timeout: 10_000 },
    )
    .catch(() => undefined); // still moving after 10 s: axe judges the page as it is
}

/** Runs axe-core on the page as it is and records the violations under `screen`. */
export async function runAxe(page: Page, screen: string): Promise<AxeViolation[]> {
  await settleTransitions(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }).axe.run(
      document,
    );
    return result.violations;
  })) as AxeViolation[];
  report[screen] = {
    url: page.url(),
    violations: violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target),
    })),
  };
  return violations;
}

/** Runs axe and returns only the serious and critical violations (the bar: none). */
export async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  const violations = await runAxe(page, screen);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

/** Clears the failure pictures of an earlier run (they would mislead); once per run, before any file. */
export function clearFailurePictures(): void {
  mkdirSync(artefactDir, { recursive: true });
  for (const name of readdirSync(artefactDir)) if (name.startsWith('failed-')) rmSync(join(artefactDir, name));
}

/** Writes this file's axe findings (one report per test file: files run side by side). */
export function writeAxeReport(): Record<string, number> {
  const file = basename(expect.getState().testPath ?? 'unknown', '.test.ts');
  writeFileSync(join(artefactDir, `axe-report-${file}.json`), `${JSON.stringify(report, null, 2)}\n`);
  const byImpact: Record<string, number> = {};
  for (const entry of Object.values(report)) {
    for (const violation of entry.violations) byImpact[violation.impact ?? 'unknown'] = (byImpact[violation.impact ?? 'unknown'] ?? 0) + 1;
  }
  return byImpact;
}
