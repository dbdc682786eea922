/**
 * `--browser`: the same cases in Chromium. One esbuild bundle (IIFE) carries check-case.ts (the
 * app's generated validators and shared formats), the modules compiled for older schema versions
 * and the suite groups' modules, i.e. the very files Node imported; Chromium (playwright-core,
 * /usr/bin/chromium) runs every case and suite test, and the caller compares with Node's answers.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chromiumPath, launchChromium } from '../../e2e/support/chromium';
import type { ConformanceCase } from './case-file';
import type { OlderVersionModule } from './older-versions';
import type { PageAnswers, PageInput } from './browser-page';
import type { PlannedTest } from './suite-run';

const PAGE_MODULE = fileURLToPath(new URL('./browser-page.ts', import.meta.url));

export interface BrowserInput {
  cases: ConformanceCase[];
  olderVersions: OlderVersionModule[];
  /** suite tests with a compiled module (skipped and refused ones are left out by the caller) */
  suiteTests: PlannedTest[];
}

export type BrowserAnswers = PageAnswers;

export function browserAvailable(): boolean {
  return existsSync(chromiumPath);
}

export { chromiumPath };

function importPath(file: string): string {
  return JSON.stringify(pathToFileURL(file).pathname);
}

/** `window.conformance.run(input)`: browser-page.ts's answer with the bundled older versions and suite modules. */
export async function bundleForBrowser(input: BrowserInput, workDir: string): Promise<string> {
  const suiteFiles = [...new Set(input.suiteTests.flatMap((t) => (t.compiled?.moduleFile ? [t.compiled.moduleFile] : [])))];
  const lines = [`import { answer } from ${importPath(PAGE_MODULE)};`];
  input.olderVersions.forEach((mod, i) => lines.push(`import * as v${i} from ${importPath(mod.moduleFile)};`));
  suiteFiles.forEach((file, i) => lines.push(`import * as s${i} from ${importPath(file)};`));
  const older = input.olderVersions.map(
    (mod, i) =>
      `${JSON.stringify(`${mod.name}@${mod.version}`)}: { module: v${i}, key: ${JSON.stringify(mod.key)}, schema: ${JSON.stringify(mod.schema)} }`,
  );
  lines.push(`const older = { ${older.join(', ')} };`);
  lines.push(`const suite = { ${suiteFiles.map((file, i) => `${JSON.stringify(file)}: s${i}`).join(', ')} };`);
  // the input travels as JSON text: playwright's own serialisation drops an own "__proto__" key (the suite has one)
  lines.push('export const run = (text) => answer(JSON.parse(text), older, suite);');
  const entry = join(workDir, 'browser-entry.ts');
  writeFileSync(entry, lines.join('\n'));
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    globalName: 'conformance',
    write: false,
    platform: 'browser',
    target: 'es2022',
  });
  return result.outputFiles[0]?.text ?? '';
}

export async function answersInChromium(input: BrowserInput): Promise<BrowserAnswers> {
  const workDir = mkdtempSync(join(tmpdir(), 'conformance-browser-'));
  const browser = await launchChromium();
  try {
    const bundle = await bundleForBrowser(input, workDir);
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: bundle });
    const pageInput: PageInput = {
      cases: input.cases,
      suite: input.suiteTests.map((t) => ({ module: t.compiled?.moduleFile ?? '', key: t.compiled?.key ?? '', data: t.data })),
    };
    // an anonymous arrow: nothing for the transpiler to wrap, everything else lives in the bundle
    return await page.evaluate(
      (text) => (window as unknown as { conformance: { run: (t: string) => PageAnswers } }).conformance.run(text),
      JSON.stringify(pageInput),
    );
  } finally {
    await browser.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}
