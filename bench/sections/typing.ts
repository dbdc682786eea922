/**
 * Typing on the guest basic step (issue 17 point 7): 30 keystrokes into a text field, keystroke
 * → paint p95, on the product's step (sign in as the demo enterprise, /guests/new) beside stock
 * @rjsf/mui with `liveValidate` on the same schema, both in the same Chromium, unthrottled and
 * with the CPU throttled 4× (CDP Emulation.setCPUThrottlingRate). Targets: 50 ms and 200 ms.
 * `npm run bench:typing` prints it alone.
 */
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium } from '../../tests/e2e/support/chromium';
import { signInWithPassword, waitForPath } from '../../tests/e2e/support/portal-pages';
import { startPortal } from '../../tests/e2e/support/portal-server';
import { startBareRjsfPage } from '../support/bare-rjsf-page';
import { measureTyping, type TypingResult } from '../support/typing-probe';

const TEXT = 'Senior Partner Asia Pacific Co'; // 30 ASCII characters, one keydown each
const FIELD = '#root_nameEn';
const THROTTLES = [1, 4];

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
  return context.newPage();
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function run(): Promise<string> {
  if (!chromiumAvailable()) return '_Skipped: Chromium not found._\n';
  const portal = await startPortal({ productionBuild: true });
  const bare = await startBareRjsfPage();
  const browser = await launchChromium();
  try {
    const product = await newPage(browser);
    await product.goto(`${portal.baseUrl}/login`);
    await signInWithPassword(product, portal.baseUrl, 'enterprise@demo.example.com', 'Summit#2025');
    await waitForPath(product, '/dashboard');
    await product.goto(`${portal.baseUrl}/guests/new`);
    await product.locator(FIELD).waitFor();

    const baseline = await newPage(browser);
    await baseline.goto(bare.url);
    await baseline.locator(FIELD).waitFor();

    const rows: string[] = [];
    for (const throttle of THROTTLES) {
      const ours: TypingResult = await measureTyping(product, FIELD, TEXT, throttle);
      const stock: TypingResult = await measureTyping(baseline, FIELD, TEXT, throttle);
      const target = throttle === 1 ? 50 : 200;
      rows.push(
        `| ${throttle === 1 ? 'none' : `${throttle}×`} | ${ms(ours.p50)} | **${ms(ours.p95)}** | ${ms(ours.max)} | ${ms(stock.p50)} | ${ms(stock.p95)} | ${(ours.p95 / stock.p95).toFixed(2)} | ${target} ms ${ours.p95 <= target ? 'met' : 'NOT met'} |`,
      );
    }
    return [
      `Keystroke → paint on the guest basic step, ${TEXT.length} keystrokes into \`${FIELD}\` (in-page: keydown timestamp to the task after the next frame).`,
      '',
      '| CPU throttle | product p50 | product p95 | product max | stock RJSF liveValidate p50 | stock p95 | p95 ratio | target |',
      '|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n');
  } finally {
    await browser.close();
    await bare.close();
    await portal.close();
  }
}

const section = { title: 'Typing latency (guest basic step)', run };
export default section;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`## ${section.title}\n\n${await section.run()}`);
  process.exit(0);
}
