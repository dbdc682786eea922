import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/artefacts';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { logout, signInWithPassword, waitForPath } from './support/portal-pages';
import { startPortal, type RunningPortal } from './support/portal-server';
import { guestSummary } from '../client/fixtures/guest-fixtures';
import { readFileSync } from 'node:fs';

const run = chromiumAvailable();

interface MenuFile {
  menuSets: Record<string, { menus: { path: string }[] }>;
}
const menus = JSON.parse(readFileSync(new URL('../../config/menus.json', import.meta.url), 'utf8')) as MenuFile;
/** The routes a menu set reaches without an id (routes with `:id` need a record and are opened from their lists). */
function plainRoutes(menuSet: string): string[] {
  return (menus.menuSets[menuSet]?.menus ?? []).map((menu) => menu.path).filter((path) => !path.includes(':'));
}

/** Issue 11 item 11 and issue 19 item 10: a 390 px phone keeps the header on one line and shows lists as cards. */
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
      ['[data-testid=language-selector]', '[data-testid=logout]'].map(
        (selector) => document.querySelector(selector)?.getBoundingClientRect().height ?? 0,
      ),
    );
    // one line of a dense toolbar button is about 37 px; a word wrapped per character is far taller
    for (const height of heights) expect(height).toBeLessThan(48);
    const header = await page.evaluate(() => document.querySelector('header')?.getBoundingClientRect().height ?? 0);
    expect(header).toBeLessThan(72);
    await screenshot(page, 'phone-header');
  });

  // issue 19 item 10: under 600 px a declared list is one card per row, its actions as buttons inside the screen
  it('shows the guest list as cards, every action inside the screen', async () => {
    // the list's data (the layout is what is tested): two guests as the server describes them
    const records = [guestSummary({ id: 'g1', nameZh: '欧阳娜娜' }), guestSummary({ id: 'g2', nameZh: '张三', status: 'approved' })];
    await page.route('**/exhibition/qms/guest/page**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ code: 200, msg: 'ok', data: { records, total: 2, pageNum: 1, pageSize: 10 } }),
      }),
    );
    await page.goto(`${portal.baseUrl}/guests`);
    await page.locator('[data-testid=guest-row]').first().waitFor();
    const layout = await page.evaluate(() => {
      const cards = [...document.querySelectorAll('[data-testid=guest-row]')];
      const buttons = cards.flatMap((card) => [...card.querySelectorAll('a, button')]).map((element) => element.getBoundingClientRect());
      return {
        table: document.querySelector('table[data-testid=guest-table]') !== null,
        cards: cards.map((card) => card.tagName),
        titles: cards.map((card) => card.querySelector('h3')?.textContent),
        buttons: buttons.length,
        rightmost: Math.max(...buttons.map((rect) => rect.right)),
        leftmost: Math.min(...buttons.map((rect) => rect.left)),
        pageOverflow: (document.scrollingElement as HTMLElement).scrollWidth - window.innerWidth,
      };
    });
    expect(layout.table).toBe(false);
    expect(layout.cards).toEqual(['LI', 'LI']);
    expect(layout.titles).toEqual(['欧阳娜娜', '张三']);
    // detail, edit, entourage, attend or not, cancel, deregister: at least five buttons a card
    expect(layout.buttons).toBeGreaterThanOrEqual(10);
    expect(layout.leftmost).toBeGreaterThanOrEqual(0);
    expect(layout.rightmost).toBeLessThanOrEqual(390);
    expect(layout.pageOverflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-guest-cards');
  });

  /** Issue 19 item 10: no screen of a unit or an organiser scrolls sideways at 390 px. */
  async function sidewaysOverflow(path: string): Promise<number> {
    await page.goto(`${portal.baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    return page.evaluate(() => (document.scrollingElement as HTMLElement).scrollWidth - window.innerWidth);
  }

  it('lets no unit menu route scroll sideways', async () => {
    await page.unrouteAll();
    const overflowing: string[] = [];
    for (const path of plainRoutes('unit')) {
      const overflow = await sidewaysOverflow(path);
      if (overflow > 0) overflowing.push(`${path} +${overflow}px`);
    }
    await screenshot(page, 'phone-unit-last-route');
    expect(overflowing).toEqual([]);
  });

  it('shows the activities as cards, each 详情 button inside the screen, the page unscrolled', async () => {
    const activityDocument = {
      name: '第二十届中国国际投资贸易洽谈会开幕式暨主论坛',
      category: 'committee',
      place: '厦门国际会议展览中心 A1 厅',
      startTime: '2027-06-18T09:00:00+08:00',
      endTime: '2027-06-18T11:00:00+08:00',
      memberLimit: 10,
    };
    const records = [
      {
        id: 'a1',
        category: 'committee',
        status: 'published',
        document: activityDocument,
        memberLimit: 10,
        signedUpCount: 0,
        waitingCount: 0,
        full: false,
        signUpState: 'open',
        updatedAt: '2027-05-10T00:00:00.000Z',
      },
    ];
    await page.route('**/qms/activity/page**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ code: 200, msg: 'ok', data: { records, total: 1, pageNum: 1, pageSize: 10 } }),
      }),
    );
    expect(await sidewaysOverflow('/activity')).toBeLessThanOrEqual(0);
    // the declared list (ui-schemas/screens/unit-activities.json) is one card a row under 600 px
    await page.locator('li[data-testid=activity-row]').first().waitFor();
    const layout = await page.evaluate(() => {
      const card = document.querySelector('main .MuiPaper-root') as HTMLElement;
      const detail = [...document.querySelectorAll('main button')].find((button) => button.textContent?.includes('详情')) as HTMLElement;
      return {
        cardRight: card.getBoundingClientRect().right,
        detailRight: detail.getBoundingClientRect().right,
        inRowCard: detail.closest('li[data-testid=activity-row]') !== null,
        pageOverflow: (document.scrollingElement as HTMLElement).scrollWidth - window.innerWidth,
      };
    });
    expect(layout.cardRight).toBeLessThanOrEqual(390);
    expect(layout.detailRight).toBeLessThanOrEqual(390);
    expect(layout.inRowCard).toBe(true);
    expect(layout.pageOverflow).toBeLessThanOrEqual(0);
    await page.unrouteAll();
  });

  it('lets no organiser menu route scroll sideways', async () => {
    await logout(page);
    await signInWithPassword(page, portal.baseUrl, 'organiser@demo.example.com', 'Summit#2025');
    await waitForPath(page, '/dashboard');
    const overflowing: string[] = [];
    for (const path of plainRoutes('organiser')) {
      const overflow = await sidewaysOverflow(path);
      if (overflow > 0) overflowing.push(`${path} +${overflow}px`);
    }
    expect(overflowing).toEqual([]);
  });
});
