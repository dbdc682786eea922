import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { archives } from '../server/uploads-fixtures';
import { screenshot, seriousViolations } from './support/artefacts';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { chooseFile, pickOption } from './support/guest-pages';
import { signInWithPassword, waitForPath } from './support/portal-pages';
import { startPortal, type RunningPortal } from './support/portal-server';

const DEMO_PASSWORD = 'Summit#2025';
const ENTERPRISE = 'enterprise@demo.example.com';
const ORGANISER = 'organiser@demo.example.com';
const run = chromiumAvailable();

/**
 * The content screens as people use them: an organiser publishes the guideline and records a
 * historical guest; a unit downloads the guideline, reads the historical guests and registers
 * a vehicle. Every screen is checked with axe (no serious or critical violations).
 */
describe.skipIf(!run)('content screens in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;

  async function check(name: string): Promise<void> {
    await screenshot(page, `content-${name}`);
    expect(await seriousViolations(page, `content-${name}`)).toEqual([]);
  }

  async function signIn(account: string): Promise<void> {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true, locale: 'zh-CN', acceptDownloads: true });
    page = await context.newPage();
    await page.goto(`${portal.baseUrl}/login`);
    await signInWithPassword(page, portal.baseUrl, account, DEMO_PASSWORD);
    await waitForPath(page, '/dashboard');
  }

  async function open(path: string): Promise<void> {
    await page.goto(`${portal.baseUrl}${path}`);
  }

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
  });

  afterEach(async (test) => {
    if (test.task.result?.state === 'fail' && page) await screenshot(page, `failed-content-${test.task.name.replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await portal?.close();
  });

  it('lets an organiser publish the guideline and record a historical guest', async () => {
    await signIn(ORGANISER);
    await open('/downloads');
    await page.locator('[data-testid=add-download]').click();
    const form = page.locator('[data-testid=record-form]');
    await form.locator('#root_title').fill('嘉宾报名指南');
    await pickOption(page, 'root_category', '嘉宾报名指南');
    await chooseFile(form, 'downloadFile', '嘉宾报名指南 (2027).pdf', 'application/pdf', archives.pdf());
    // a document has no preview picture: the widget names the stored file instead
    await form.locator('[data-testid=upload-downloadFile]').getByText('嘉宾报名指南 (2027).pdf').waitFor({ timeout: 60_000 });
    expect(await form.locator('[data-testid=upload-error]').count()).toBe(0);
    await check('download-form');
    await form.locator('[data-testid=record-save]').click();
    await page.locator('[data-testid=downloads-row]').filter({ hasText: '嘉宾报名指南 (2027).pdf' }).waitFor();

    await open('/historicalGuests');
    await page.locator('[data-testid=add-record]').click();
    const guestForm = page.locator('[data-testid=record-form]');
    await guestForm.locator('#root_session').fill('3');
    await guestForm.locator('#root_nameZh').fill('王历届');
    await guestForm.locator('#root_unitName').fill('青岛历届集团');
    await guestForm.locator('[data-testid=record-save]').click();
    await page.locator('[data-testid=historical-guest-row]').filter({ hasText: '王历届' }).waitFor();
    await check('historical-guests-organiser');
  });

  it('lets a unit download the guideline, read historical guests and add a vehicle', async () => {
    await signIn(ENTERPRISE);
    expect(await page.locator('[data-testid=account-label]').innerText()).toBe('企业嘉宾');
    await page.locator('[data-testid=action-downloads]').click();
    await waitForPath(page, '/downloads');
    const row = page.locator('[data-testid=downloads-row]').filter({ hasText: '嘉宾报名指南' });
    await row.waitFor();
    await check('downloads');
    const [download] = await Promise.all([page.waitForEvent('download'), row.locator('[data-testid=download]').click()]);
    expect(download.suggestedFilename()).toBe('嘉宾报名指南 (2027).pdf');

    await open('/historicalGuests');
    await page.locator('[data-testid=historical-guest-row]').filter({ hasText: '王历届' }).waitFor();
    expect(await page.locator('[data-testid=import]').count()).toBe(0);
    await check('historical-guests');

    await open('/vehicles');
    await page.locator('[data-testid=vehicle-empty]').waitFor();
    await page.locator('[data-testid=add-record]').click();
    const form = page.locator('[data-testid=record-form]');
    await form.locator('#root_plateNumber').fill('鲁B12345');
    await pickOption(page, 'root_vehicleType', '商务车');
    await form.locator('#root_seats').fill('7');
    await form.locator('#root_driverName').fill('孙司机');
    await form.locator('#root_driverMobile').fill('13912345670');
    await form.locator('#root_arrivalTime').fill('2027-06-17T08:00');
    await pickOption(page, 'root_purpose', '嘉宾接送');
    await check('vehicle-form');
    await form.locator('[data-testid=record-save]').click();
    const vehicle = page.locator('[data-testid=vehicle-row]').filter({ hasText: '鲁B12345' });
    await vehicle.waitFor();
    expect(await vehicle.innerText()).toContain('商务车');
    await check('vehicles');
  });
});
