import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/artefacts';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { signInWithPassword, waitForPath } from './support/portal-pages';
import { startPortal, type RunningPortal } from './support/portal-server';
import { guestSummary } from '../client/fixtures/guest-fixtures';

const run = chromiumAvailable();

/** Issue 11 item 11: a 390 px phone keeps the header on one line and the guest table's columns. */
describe.skipIf(!run)('phone width (390 px)', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', timezoneId: 'UTC' });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await portal?.close();
  });

  it('serves the favicon', async () => {
    const response = await page.request.get(`${portal.baseUrl}/favicon.ico`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/x-icon');
  });

  it('keeps every header control on one line', async () => {
    await page.goto(`${portal.baseUrl}/login`);
    await signInWithPassword(page, portal.baseUrl, 'enterprise@demo.example.com', 'Summit#2025');
    await waitForPath(page, '/dashboard');
    const heights = await page.evaluate(() =>
      ['[data-testid=language-selector]', '[data-testid=logout]'].map((selector) => document.querySelector(selector)?.getBoundingClientRect().height ?? 0),
    );
    // one line of a dense toolbar button is about 37 px; a word wrapped per character is far taller
    for (const height of heights) expect(height).toBeLessThan(48);
    const header = await page.evaluate(() => document.querySelector('header')?.getBoundingClientRect().height ?? 0);
    expect(header).toBeLessThan(72);
    await screenshot(page, 'phone-header');
  });

  it('scrolls the guest table sideways instead of squeezing its columns', async () => {
    // the list's data (the layout is what is tested): two guests as the server describes them
    const records = [guestSummary({ id: 'g1', nameZh: '欧阳娜娜' }), guestSummary({ id: 'g2', nameZh: '张三', status: 'approved' })];
    await page.route('**/exhibition/qms/guest/page**', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 200, msg: 'ok', data: { records, total: 2, pageNum: 1, pageSize: 10 } }) }),
    );
    await page.goto(`${portal.baseUrl}/guests`);
    await page.locator('[data-testid=guest-row]').first().waitFor();
    const layout = await page.evaluate(() => {
      const table = document.querySelector('[data-testid=guest-table]') as HTMLElement;
      const container = table.parentElement as HTMLElement;
      const heads = [...table.querySelectorAll('th')].map((th) => th.getBoundingClientRect());
      return { scrolls: container.scrollWidth > container.clientWidth, narrowest: Math.min(...heads.map((r) => r.width)), tallest: Math.max(...heads.map((r) => r.height)) };
    });
    expect(layout.scrolls).toBe(true);
    expect(layout.narrowest).toBeGreaterThan(48);
    expect(layout.tallest).toBeLessThan(48);
    await screenshot(page, 'phone-guest-table');
  });
});
