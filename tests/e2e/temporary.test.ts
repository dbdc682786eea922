import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jpgPicture, pngPicture } from '../server/temporary-harness';
import { sessionTokenFrom } from '../server/helpers/session-cookie';
import { screenshot, seriousViolations, writeAxeReport } from './support/artefacts';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { chooseFile, uploadOutcome } from './support/guest-pages';
import { latestCode } from './support/outbox';
import { signInWithPassword, waitForPath } from './support/portal-pages';
import { startPortal, type RunningPortal } from './support/portal-server';

const DEMO_PASSWORD = 'Summit#2025';
const ORGANISER = 'organiser@demo.example.com';
const run = chromiumAvailable();

/**
 * Temporary registration as a visitor meets it: an empty browser (no cookie, no storage) fills
 * the worker page with the demo code TEMP2025, uploads the JPG picture through the open upload,
 * and submits; the organiser then finds it in the review screen, sees the picture and approves.
 */
describe.skipIf(!run)('temporary registration in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  async function freshPage(): Promise<void> {
    await context?.close();
    // bypassCSP only so axe-core can be injected; the app itself runs under the server's CSP
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true, locale: 'zh-CN' });
    page = await context.newPage();
  }

  async function open(path: string): Promise<void> {
    await page.goto(`${portal.baseUrl}${path}`);
  }

  async function record(name: string): Promise<void> {
    await screenshot(page, `temporary-${name}`);
    expect(await seriousViolations(page, `temporary-${name}`)).toEqual([]);
  }

  /**
   * The recommendation page follows the edition's registration window (config/edition.json holds
   * next year's): widened through the organisers' API so the test does not depend on today's date.
   */
  async function openEditionWindow(): Promise<void> {
    const api = `${portal.baseUrl}/exhibition/`;
    const captcha = (await (await fetch(`${api}center/front/getVerifyCode`)).json()) as { data: { uuid: string } };
    const answer = await latestCode(portal.baseUrl, captcha.data.uuid);
    const login = await fetch(`${api}center/user/front/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: ORGANISER, password: DEMO_PASSWORD, code: answer, uuid: captcha.data.uuid }),
    });
    // the token is the HttpOnly session cookie of the answer; an API client sends it as a bearer token
    const headers = { authorization: `Bearer ${sessionTokenFrom(login.headers.getSetCookie())}`, 'content-type': 'application/json' };
    const current = (await (await fetch(`${api}admin/edition/current`, { headers })).json()) as { data: Record<string, unknown> };
    const { id: _id, year: _year, name: _name, ...settings } = current.data;
    const saved = await fetch(`${api}admin/edition/current`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...settings, registrationStart: '2020-01-01', registrationEnd: '2099-12-31' }),
    });
    if (!saved.ok) throw new Error(`edition change failed: ${saved.status}`);
    // a code bound to no event: the page shows SPEC 8's "no event bound"
    const code = await fetch(`${api}admin/temporary/codes`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ code: 'NOEVENT1', attendanceMode: 'onsite' }),
    });
    if (!code.ok) throw new Error(`code creation failed: ${code.status}`);
  }

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
    await openEditionWindow();
  });

  afterEach(async (test) => {
    if (test.task.result?.state === 'fail' && page) await screenshot(page, `failed-temporary-${test.task.name.replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    console.log('axe violations by impact:', JSON.stringify(writeAxeReport()));
    await context?.close();
    await browser?.close();
    await portal?.close();
  });

  it('registers a worker from an empty browser, picture included', async () => {
    await freshPage();
    await open('/tempGroupWorkerRegister');
    await page.locator('#root_inviteCode').waitFor();
    expect(await page.title()).toBe('工作人员临时注册 - 跨国公司领导人峰会');
    expect(await page.locator('#root_mediaName').isVisible()).toBe(false);
    await record('worker-empty');

    // a PNG under a .jpg name is refused before anything is sent
    await chooseFile(page, 'pictureJpg', 'me.jpg', 'image/jpeg', await pngPicture());
    expect(await uploadOutcome(page, 'pictureJpg')).toMatch(/JPG/);
    await chooseFile(page, 'pictureJpg', 'me.jpg', 'image/jpeg', await jpgPicture());
    expect(await uploadOutcome(page, 'pictureJpg')).toBe('accepted');

    await page.locator('#root_name').fill('li lei');
    await page.locator('#root_name').blur();
    await page.locator('#root_name__error').waitFor();
    await record('worker-error');
    await page.locator('#root_name').fill('Li Lei');
    await page.locator('#root_mobile').fill('13712345678');
    await page.locator('#root_email').fill('li.lei@example.com');
    await page.locator('#root_landline').fill('0532-88886666');
    await page.locator('#root_province').fill('山东省');
    await page.locator('#root_city').fill('青岛市');
    await page.locator('#root_residence').fill('青岛市市南区香港中路1号');

    // the server's refusal reaches the visitor as a toast (SPEC 8) and on the code field; nothing
    // is kept, the picture stays usable
    await page.locator('#root_inviteCode').fill('NOEVENT1');
    await page.locator('[data-testid=submit]').click();
    await page.getByText('临时登记无效：未绑定活动').first().waitFor();
    await expect.poll(() => page.getByText('临时登记无效：未绑定活动').count()).toBe(2);
    await record('worker-no-event');

    await page.locator('#root_inviteCode').fill('TEMP2025');
    await page.locator('[data-testid=submit]').click();
    await waitForPath(page, '/guide');
    await page.getByText('提交成功，请等待组委会审核').waitFor();
  });

  it('shows the media page, the recommendation form and the closed page, axe clean', async () => {
    await freshPage();
    await open('/tempGroupMediaRegister');
    await page.locator('#root_mediaName').waitFor();
    await record('media');

    await open('/tempActRecommendInvite');
    await page.locator('#root_recommenderName').waitFor();
    await record('recommend');
    await page.locator('#root_recommenderName').fill('王芳');
    await page.locator('#root_recommenderMobile').fill('13812345678');
    await page.locator('#root_recommenderOrganisation').fill('青岛市商务局');
    await page.locator('#root_inviteeName').fill('John Smith');
    await page.locator('#root_inviteeOrganisation').fill('Example Corp');
    await page.locator('#root_inviteePosition').fill('CEO');
    await page.locator('#root_activity').fill('Opening forum');
    await page.locator('#root_reason').fill('Leads a large investment project in Shandong.');
    await page.locator('[data-testid=submit]').click();
    await waitForPath(page, '/guide');

    await open('/tempActRecommendInviteClose');
    await page.locator('[data-testid=recommend-closed]').waitFor();
    await record('recommend-closed');
  });

  it('lets the organiser find the registration, see the picture and approve it', async () => {
    await freshPage();
    await open('/login');
    await signInWithPassword(page, portal.baseUrl, ORGANISER, DEMO_PASSWORD);
    await waitForPath(page, '/dashboard');
    // the open pages stay open to a signed-in user
    await open('/tempGroupVolunteerRegister');
    await page.locator('#root_inviteCode').waitFor();
    await waitForPath(page, '/tempGroupVolunteerRegister');
    await open('/dashboard');
    await page.getByRole('link', { name: '临时注册审核' }).first().click();
    await waitForPath(page, '/admin/temporary');
    const row = page.locator('[data-testid=temporary-row]', { hasText: 'Li Lei' });
    await row.waitFor();
    expect(await row.innerText()).toContain('TEMP2025');
    await record('review');

    await row.locator('[data-testid=temporary-picture-open]').click();
    const picture = page.locator('[data-testid=temporary-picture]');
    await picture.waitFor();
    expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(300);
    await record('review-picture');
    await page.keyboard.press('Escape');
    await picture.waitFor({ state: 'detached' });

    await row.getByRole('checkbox').check();
    await page.locator('[data-testid=temporary-submit]').click();
    await row.waitFor({ state: 'detached' });
    // the approved list has it
    await page.locator('[data-testid=temporary-status]').click();
    await page.getByRole('option', { name: '审核通过' }).click();
    await page.locator('[data-testid=temporary-row]', { hasText: 'Li Lei' }).waitFor();
    await record('review-approved');

    // the export of the current filter (approved), opened with exceljs
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=temporary-export]').click()]);
    expect(download.suggestedFilename()).toMatch(/^(临时注册名单|temporary-registrations)-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path()) as string);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('临时注册');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('Li Lei');
    expect(sheet.getRow(2).getCell(10).value).toBe('TEMP2025');

    // the codes' panel (a second list on the screen, whole) sorts by a header under its own URL
    // names, leaving the review list's filter alone, and its export gives the rows in that order
    const codes = () => page.locator('[data-testid=temporary-code-row]').evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
    const codeOrder = async () =>
      (await codes()).map((text) => (text.includes('TEMP2025') ? 'TEMP2025' : text.includes('NOEVENT1') ? 'NOEVENT1' : ''));
    await expect.poll(codeOrder).toEqual(['NOEVENT1', 'TEMP2025']);
    const codeHeader = page.locator('[data-testid=temporary-code-list-sort-code]');
    await codeHeader.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('codesOrder')).toBe('asc');
    await codeHeader.click();
    await expect.poll(codeOrder).toEqual(['TEMP2025', 'NOEVENT1']);
    const search = new URL(page.url()).searchParams;
    expect([search.get('codesSort'), search.get('codesOrder'), search.get('sort')]).toEqual(['code', 'desc', null]);
    await page.locator('[data-testid=temporary-row]', { hasText: 'Li Lei' }).waitFor();
    await record('review-codes-sorted');
    const [codesFile] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-testid=temporary-code-list-download]').click(),
    ]);
    const codesBook = new ExcelJS.Workbook();
    await codesBook.xlsx.readFile((await codesFile.path()) as string);
    const exportedCodes: string[] = [];
    codesBook.worksheets[0]!.eachRow((row, number) => number > 1 && exportedCodes.push(String(row.getCell(1).value)));
    expect(exportedCodes).toEqual(['TEMP2025', 'NOEVENT1']);
  });
});
