/**
 * First visit on a phone network: the largest contentful paint of a cold /login and of a cold
 * guest form (/guests/new, signed in, empty cache) in Chromium under Chrome DevTools' "Slow 4G"
 * preset with the CPU throttled 4×, beside the same page without throttling, in turns.
 * Target: at most 2.5 s (web-vitals "good"). `npm run bench:first-visit` prints it alone.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium } from '../../tests/e2e/support/chromium';
import { signInWithPassword, waitForPath } from '../../tests/e2e/support/portal-pages';
import { startPortal } from '../../tests/e2e/support/portal-server';
import { median } from '../support/median';

const ROUNDS = Number(process.env.BENCH_LCP_ROUNDS || 3);
const TARGET_MS = 2500;

/**
 * DevTools' "Slow 4G" (devtools-frontend SDK/NetworkManager.ts, Slow4GConditions): ~1.6 Mbps
 * down and ~0.75 Mbps up, each × 0.9, and a 150 ms target RTT applied as 150 × 3.75 = 562.5 ms
 * of request latency (DevTools scales its presets so that they match Lighthouse's simulation).
 */
export const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
const CPU_THROTTLE = 4;

interface Condition {
  name: string;
  network: typeof SLOW_4G | null;
  cpu: number;
}
const CONDITIONS: Condition[] = [
  { name: 'none', network: null, cpu: 1 },
  { name: `Slow 4G, ${CPU_THROTTLE}× CPU`, network: SLOW_4G, cpu: CPU_THROTTLE },
];

interface Visit {
  lcpMs: number;
  /** what the largest paint was */
  element: string;
  fcpMs: number;
  /** when the page was usable (the sign-in button, the form's first field): what the static shell does not hasten */
  readyMs: number;
  transferred: number;
  requests: number;
}

/** Records LCP candidates from the very start of the document (buffered entries included). */
const OBSERVE_LCP = `
  window.__lcp = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const el = entry.element;
      const what = el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (entry.url ? ' ' + entry.url.split('/').pop() : ' "' + (el.textContent || '').trim().slice(0, 24) + '"') : '?';
      window.__lcp.push({ startTime: entry.startTime, what });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

async function visit(context: BrowserContext, url: string, condition: Condition, ready: (page: Page) => Promise<void>): Promise<Visit> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // a cold visit: nothing from the HTTP cache
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (condition.network) await cdp.send('Network.emulateNetworkConditions', condition.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: condition.cpu });
    let transferred = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (event) => {
      transferred += event.encodedDataLength;
      requests += 1;
    });
    await page.addInitScript(OBSERVE_LCP);
    await page.goto(url, { timeout: 60_000 });
    await ready(page);
    // read at once: under the 4× CPU throttle this call itself costs a few tens of milliseconds
    const readyMs = await page.evaluate(() => performance.now());
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    // the last candidate is reported after the paint it names
    await page.waitForTimeout(300);
    const result = await page.evaluate(() => {
      const entries = (window as unknown as { __lcp: { startTime: number; what: string }[] }).__lcp;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const last = entries[entries.length - 1];
      return { lcpMs: last?.startTime ?? Number.NaN, element: last?.what ?? 'none', fcpMs: fcp };
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return { ...result, readyMs, transferred, requests };
  } finally {
    await page.close();
  }
}

const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;

interface PageUnderTest {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
  /** a context signed in (or not) for this page */
  context: (browser: Browser, baseUrl: string) => Promise<BrowserContext>;
}

async function run(): Promise<string> {
  if (!chromiumAvailable()) return '_Skipped: Chromium not found._\n';
  const portal = await startPortal({ productionBuild: true });
  const browser = await launchChromium();
  const newContext = () => browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const pages: PageUnderTest[] = [
    {
      name: 'cold /login',
      path: '/login',
      ready: async (page) => {
        await page.getByRole('button', { name: '登录' }).waitFor({ timeout: 60_000 });
        await page.getByRole('img').first().waitFor({ timeout: 60_000 });
      },
      context: async () => newContext(),
    },
    {
      name: 'cold guest form (/guests/new, signed in)',
      path: '/guests/new',
      ready: async (page) => {
        await page.locator('#root_nameEn').waitFor({ timeout: 60_000 });
      },
      context: async (_browser, baseUrl) => {
        const context = await newContext();
        const page = await context.newPage();
        await page.goto(`${baseUrl}/login`);
        await signInWithPassword(page, baseUrl, 'enterprise@demo.example.com', 'Summit#2025');
        await waitForPath(page, '/dashboard');
        await page.close();
        return context;
      },
    },
  ];
  try {
    const rows: string[] = [];
    const verdicts: string[] = [];
    for (const pageUnderTest of pages) {
      const context = await pageUnderTest.context(browser, portal.baseUrl);
      const results = new Map<string, Visit[]>(CONDITIONS.map((condition) => [condition.name, []]));
      try {
        for (let round = 0; round < ROUNDS; round++) {
          // in turns, the order flipped each round: the machine's load moves both alike
          const order = round % 2 === 0 ? CONDITIONS : [...CONDITIONS].reverse();
          for (const condition of order) {
            results
              .get(condition.name)!
              .push(await visit(context, `${portal.baseUrl}${pageUnderTest.path}`, condition, pageUnderTest.ready));
          }
        }
      } finally {
        await context.close();
      }
      for (const condition of CONDITIONS) {
        const visits = results.get(condition.name)!;
        const lcps = visits.map((v) => v.lcpMs);
        const worst = Math.max(...lcps);
        rows.push(
          `| ${pageUnderTest.name} | ${condition.name} | **${ms(median(lcps))}** | ${lcps.map(ms).join(', ')} | ${ms(median(visits.map((v) => v.fcpMs)))} | ${ms(median(visits.map((v) => v.readyMs)))} | ${visits[visits.length - 1]!.element} | ${(median(visits.map((v) => v.transferred)) / 1000).toFixed(1)} kB | ${median(visits.map((v) => v.requests))} |`,
        );
        if (condition.network) verdicts.push(`${pageUnderTest.name} ${worst <= TARGET_MS ? 'met' : 'NOT met'} (worst round ${ms(worst)})`);
      }
    }
    return [
      `Chromium (${'headless'}, a 412×915 phone viewport, zh-CN), a fresh page per visit with the HTTP cache cleared and disabled, ${ROUNDS} rounds, the conditions in turns. Throttled: DevTools' "Slow 4G" preset through CDP \`Network.emulateNetworkConditions\` (latency ${SLOW_4G.latency} ms, i.e. a 150 ms RTT × 3.75; download ${SLOW_4G.downloadThroughput} B/s ≈ 1.44 Mbps; upload ${SLOW_4G.uploadThroughput} B/s ≈ 0.68 Mbps) and \`Emulation.setCPUThrottlingRate\` ${CPU_THROTTLE}; baseline: the same page unthrottled. LCP: the last \`largest-contentful-paint\` entry once the page is ready and the network idle (from navigation start); FCP likewise. ${os.cpus().length} CPUs.`,
      '',
      '| page | throttling | LCP median | LCP rounds | FCP median | usable (median) | largest element | on the wire | requests |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      `Target: LCP at most 2.5 s under Slow 4G with ${CPU_THROTTLE}× CPU, in every round: ${verdicts.join('; ')}.`,
      '',
    ].join('\n');
  } finally {
    await browser.close();
    await portal.close();
  }
}

const section = { title: 'First visit on a phone network (LCP, Slow 4G)', run };
export default section;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(
    `## ${section.title}\n\n_Load average before: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' / ')}._\n\n${await section.run()}`,
  );
  console.log(
    `_Load average after: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' / ')}._`,
  );
  process.exit(0);
}
