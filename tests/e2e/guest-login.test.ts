import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations } from './support/artefacts';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { signInWithCode, waitForPath } from './support/portal-pages';
import { startPortal, type RunningPortal } from './support/portal-server';

const DEMO_GUEST = '13800000007';
const run = chromiumAvailable();

/** Issue 3 part 4: a guest account signs in with a code and reads only its own registration. */
describe.skipIf(!run)('guest sign-in in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true, locale: 'zh-CN' });
    page = await context.newPage();
  });

  afterEach(async (test) => {
    if (test.task.result?.state === 'fail' && page) await screenshot(page, `failed-${test.task.name.replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await portal?.close();
  });

  it('the demo guest signs in with a code and sees only their registration', async () => {
    await page.goto(`${portal.baseUrl}/login`);
    await signInWithCode(page, portal.baseUrl, DEMO_GUEST);
    await waitForPath(page, '/dashboard');

    await page.getByTestId('sidebar-menu').getByRole('link', { name: '我的报名', exact: true }).click();
    await waitForPath(page, '/myRegistration');
    const mine = page.locator('[data-testid=my-registration]');
    await mine.waitFor();
    expect(await mine.locator('h2').first().innerText()).toBe('周嘉宾');
    expect(await mine.locator('[data-testid^=status-]').innerText()).toBe('审核通过');
    // one registration, and the placeholder is gone
    expect(await page.locator('[data-testid=my-registration]').count()).toBe(1);
    expect(await page.getByText('该功能即将开放，敬请期待。').count()).toBe(0);
    expect(await seriousViolations(page, 'my-registration')).toEqual([]);
  });
});
