/**
 * A guest's basic information reads as label and value side by side at 1366 and 390 px, on the
 * unit's detail (/guests/:id) and the organiser's record (/admin/guests/:id): the ID-number
 * consent's label is the whole consent text, and when the label column took the width of its
 * longest label the values were squeezed to a character per line. The guest is the server's
 * answer as it would be (the layout is what is measured).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/artefacts';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { signInWithPassword, waitForPath } from './support/portal-pages';
import { startPortal, type RunningPortal } from './support/portal-server';
import { currentGuestDocument, guestDetail } from '../client/fixtures/guest-fixtures';

const run = chromiumAvailable();

const detail = guestDetail({
  id: 'g1',
  nameZh: '欧阳娜娜',
  status: 'approved',
  document: currentGuestDocument({ nameZh: '欧阳娜娜', position: '首席执行官', idNumberConsent: true }),
});

interface Measured {
  list: number;
  value: number;
  valueHeight: number;
  overflow: number;
}

/** The basic section's list and its name value, as laid out. */
async function measure(page: Page, section: string): Promise<Measured> {
  const value = page.locator(`[data-testid=${section}] dd[data-field="/position"]`);
  await value.waitFor();
  return page.evaluate((selector) => {
    const dd = document.querySelector(selector)!;
    const dl = dd.closest('dl')!;
    return {
      list: dl.getBoundingClientRect().width,
      value: dd.getBoundingClientRect().width,
      valueHeight: dd.getBoundingClientRect().height,
      overflow: (document.scrollingElement as HTMLElement).scrollWidth - window.innerWidth,
    };
  }, `[data-testid=${section}] dd[data-field="/position"]`);
}

describe.skipIf(!run)('guest record layout', () => {
  let portal: RunningPortal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  const screens = [
    { who: 'enterprise@demo.example.com', path: '/guests/g1', api: '/exhibition/qms/guest/g1', section: 'detail-basic' },
    { who: 'organiser@demo.example.com', path: '/admin/guests/g1', api: '/exhibition/admin/guest/g1', section: 'record-basic' },
  ];

  for (const { who, path, api, section } of screens) {
    it(`${path}: values keep their width beside the consent's long label (1366 and 390 px)`, async () => {
      let context: BrowserContext | undefined;
      try {
        context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN', timezoneId: 'UTC' });
        const page = await context.newPage();
        await page.goto(`${portal.baseUrl}/login`);
        await signInWithPassword(page, portal.baseUrl, who, 'Summit#2025');
        await waitForPath(page, '/dashboard');
        await page.route(
          (url) => url.pathname === api,
          (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 200, msg: 'ok', data: detail }) }),
        );
        for (const width of [1366, 390]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${portal.baseUrl}${path}`);
          const laid = await measure(page, section);
          await screenshot(page, `guest-record-layout-${section}-${width}`);
          // the value column keeps at least half the list; the value is one line, not a character per line
          expect(laid.value, `${width} px`).toBeGreaterThanOrEqual(laid.list * 0.5);
          expect(laid.valueHeight, `${width} px`).toBeLessThan(40);
          expect(laid.overflow, `${width} px`).toBeLessThanOrEqual(0);
        }
      } finally {
        await context?.close();
      }
    });
  }
});
