import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/shared/envelope';
import type { GuestSummary } from '../../src/shared/guest-api';
import type { UploadedFile } from '../../src/shared/upload-api';
import type { WishRecord } from '../../src/shared/wish-api';
import { guestBody } from '../server/helpers/guest-body';
import { portrait } from '../server/uploads-fixtures';
import { wishFiles } from '../server/wishes-fixtures';
import { screenshot, seriousViolations } from './support/artefacts';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { chooseFile, fillOpenEditionWindow, residentId } from './support/guest-pages';
import { signInWithPassword, waitForPath } from './support/portal-pages';
import { startPortal, type RunningPortal } from './support/portal-server';

const DEMO_PASSWORD = 'Summit#2025';
const ENTERPRISE = 'enterprise@demo.example.com';
const ORGANISER = 'organiser@demo.example.com';
const run = chromiumAvailable();

/**
 * Issue 8 in Chromium: a unit sends a message of good wishes with a logo (a tiny EPS made
 * here) and organisers see it with its file; the epidemic-prevention panel of a guest is shut
 * with its reason before approval and saves from its schema after. axe on each new screen.
 */
describe.skipIf(!run)('good wishes and epidemic prevention in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  async function record(name: string): Promise<void> {
    await screenshot(page, `wish-${name}`);
    expect(await seriousViolations(page, `wish-${name}`)).toEqual([]);
  }

  async function signIn(account: string): Promise<void> {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true, locale: 'zh-CN' });
    page = await context.newPage();
    await page.goto(`${portal.baseUrl}/login`);
    await signInWithPassword(page, portal.baseUrl, account, DEMO_PASSWORD);
    await waitForPath(page, '/dashboard');
  }

  /** The API with the signed-in page's own session (its HttpOnly cookie, read through the browser context, sent as a bearer token). */
  async function api<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { data?: unknown; multipart?: Record<string, unknown> } = {},
  ): Promise<Envelope<T>> {
    const token = (await context.cookies()).find((cookie) => cookie.name === 'summit_session')?.value ?? '';
    const response = await page.request.fetch(`${portal.baseUrl}/exhibition/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(options.data === undefined ? {} : { data: options.data }),
      ...(options.multipart ? { multipart: options.multipart as never } : {}),
    });
    return (await response.json()) as Envelope<T>;
  }

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
  });

  afterEach(async (test) => {
    if (test.task.result?.state === 'fail' && page) await screenshot(page, `failed-wish-${test.task.name.replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await portal?.close();
  });

  it('a unit sends a message of good wishes with a logo; organisers see it with the file', async () => {
    await signIn(ENTERPRISE);
    await page.goto(`${portal.baseUrl}/wish`);
    await page.locator('[data-testid=upload-logo]').waitFor();
    await record('form');

    await chooseFile(page, 'logo', 'logo.eps', 'application/postscript', wishFiles.eps());
    await page.locator('[data-testid=upload-logo]', { hasText: 'logo.eps' }).waitFor({ timeout: 30_000 });
    await page.locator('#root_wishMessage').fill('祝峰会圆满成功！');
    await page.locator('[data-testid=submit]').click();
    await page.locator('[data-testid=toast]', { hasText: '祝福语已保存' }).waitFor();
    await record('saved');

    const mine = await api<WishRecord>('GET', 'qms/wish/mine');
    expect(mine.data.document.wishMessage).toBe('祝峰会圆满成功！');
    expect(mine.data.files.logo).toMatchObject({ name: 'logo.eps', mime: 'application/postscript' });
    // the saved message comes back on the screen
    await page.reload();
    await expect.poll(() => page.locator('#root_wishMessage').inputValue(), { timeout: 15_000 }).toBe('祝峰会圆满成功！');
    // issue 19 item 11: the saved logo by its name, not its id
    await page.locator('[data-testid=upload-logo]', { hasText: '已上传：logo.eps' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid=upload-logo]').innerText()).not.toContain(mine.data.document.logo as string);
    await record('reopened');

    await signIn(ORGANISER);
    await page.goto(`${portal.baseUrl}/admin/wishes`);
    const row = page.locator('[data-testid=wish-row]', { hasText: '祝峰会圆满成功！' });
    await row.waitFor();
    await expect.poll(() => row.locator('[data-testid=wish-download-logo]').textContent()).toContain('logo.eps');
    const download = page.waitForEvent('download');
    await row.locator('[data-testid=wish-download-logo]').click();
    expect((await download).suggestedFilename()).toBe('logo.eps');
    await record('organiser-list');
  });

  it('the epidemic-prevention panel is shut with its reason before approval and saves after', async () => {
    // organisers open the registration window for today (config/edition.json holds next year's)
    await signIn(ORGANISER);
    await page.goto(`${portal.baseUrl}/admin/edition`);
    await fillOpenEditionWindow(page);
    await page.locator('[data-testid=submit]').click();
    await page.locator('[data-testid=toast]').first().waitFor();

    await signIn(ENTERPRISE);
    const buffer = await portrait();
    // the first face detection also loads the model in its worker: on a busy machine it can
    // pass the detector's time limit, so the upload is tried again (the photo is not the subject)
    let photo = { code: 0 } as Envelope<UploadedFile>;
    for (let attempt = 0; attempt < 3 && photo.code !== 200; attempt += 1) {
      photo = await api<UploadedFile>('POST', 'qms/file/upload', {
        multipart: { rule: 'photo', file: { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer } },
      });
    }
    expect(photo.code, JSON.stringify(photo)).toBe(200);
    const approved = await api<GuestSummary>('POST', 'qms/guest', {
      data: guestBody(residentId('37020219800101201'), photo.data.id, { inviteCode: 'INVITE2025A' }),
    });
    expect(approved.data.status).toBe('approved');
    const pending = await api<GuestSummary>('POST', 'qms/guest', {
      data: guestBody(residentId('37020219800101202'), photo.data.id, { nameZh: '李四' }),
    });
    expect(pending.data.status).toBe('pending');

    await page.goto(`${portal.baseUrl}/guests/${pending.data.id}`);
    const gated = page.locator('[data-testid=detail-epidemic] [data-testid=epidemic-gated]');
    await gated.waitFor();
    expect(await gated.innerText()).toContain('嘉宾审核通过后才能填写防疫信息');
    expect(await gated.innerText()).toContain('待审核');
    await record('epidemic-gated');

    await page.goto(`${portal.baseUrl}/guests/${approved.data.id}`);
    // the form is a declared screen on the guest's own route; saving comes back to the guest
    await page.locator('[data-testid=epidemic-edit]').click();
    await page.waitForURL(`**/guests/${approved.data.id}/epidemic`);
    await page.locator('[data-testid=submit]').waitFor();
    await record('epidemic-form');
    await page.locator('#root_healthy-0').check();
    await page.locator('#root_testResult-0').check();
    await page.locator('#root_remarks').fill('无发热症状');
    await page.locator('[data-testid=submit]').click();
    await page.waitForURL(`**/guests/${approved.data.id}`);
    await page.locator('[data-testid=epidemic-view]', { hasText: '无发热症状' }).waitFor({ timeout: 15_000 });
    await record('epidemic-saved');
  });
});
