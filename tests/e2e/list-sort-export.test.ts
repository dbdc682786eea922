/**
 * Declared lists in Chromium: the organiser filters a list, sorts it by a column header, pages
 * through it and exports it; the workbook's rows are the list's rows, in the list's order. A list
 * that comes whole (receptionists) exports its rows masked, and a refused export says why.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UNFILLED_GUEST_STEPS } from '../../src/server/features/guests/guest-repository';
import { maskIdNumber } from '../../src/server/features/guests/id-numbers';
import { screenshot } from './support/artefacts';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { residentId } from './support/guest-pages';
import { filterByNameSortedDown } from './support/list-pages';
import { signInWithPassword, waitForPath } from './support/portal-pages';
import { startPortal, type RunningPortal } from './support/portal-server';

const DEMO_PASSWORD = 'Summit#2025';
const ORGANISER = 'organiser@demo.example.com';
const UNITS = ['enterprise@demo.example.com', 'enterprise2@demo.example.com'];
const MARK = '列序';
/** more than a page of 20: the list pages, the export does not */
const GUESTS = 23;
const run = chromiumAvailable();

/** Pending guests of two units, named so that their order by name differs from their order of adding. */
async function storeGuests(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const edition = await db.selectFrom('editions').select('id').where('is_current', '=', 1).executeTakeFirstOrThrow();
  const owners = await db.selectFrom('accounts').select(['account', 'unit_id']).where('account', 'in', UNITS).execute();
  const { protection } = app.services;
  const given = ['张', '李', '王', '赵', '孙', '周', '吴', '郑'];
  for (let index = 0; index < GUESTS; index += 1) {
    const idNumber = residentId(`3702021980010${String(200 + index).padStart(4, '0')}`);
    const name = `${given[(index * 5) % given.length]}${MARK}${String.fromCharCode(0x4e00 + ((index * 7) % GUESTS))}`;
    const document = { nameZh: name, gender: 'male', nationality: '中国', idType: 'resident-id', idNumber, unitType: 'enterprise' };
    const at = new Date(Date.UTC(2027, 4, 1, 0, index)).toISOString();
    await db
      .insertInto('guests')
      .values({
        id: randomUUID(),
        edition_id: edition.id,
        account_id: null,
        unit_id: owners[index % owners.length]!.unit_id,
        name,
        name_en: null,
        mobile_index: null,
        email: null,
        audit_status: 'pending',
        invitation_code: null,
        guest_type: null,
        id_number_hash: protection.index('idNumber', idNumber),
        id_number_masked: maskIdNumber(idNumber),
        document: JSON.stringify(protection.sealDocument('guest', document)),
        schema_version: 1,
        reject_reason: null,
        ...UNFILLED_GUEST_STEPS,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
}

async function workbookColumn(path: string, column: number): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fs.readFileSync(path) as unknown as ArrayBuffer);
  const values: string[] = [];
  book.worksheets[0]!.eachRow((row, number) => {
    if (number > 1) values.push(String(row.getCell(column).value ?? ''));
  });
  return values;
}

describe.skipIf(!run)('declared lists sort, filter and export in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
    await storeGuests(portal.app);
    context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true, locale: 'zh-CN', acceptDownloads: true });
    page = await context.newPage();
    await page.goto(`${portal.baseUrl}/login`);
    await signInWithPassword(page, portal.baseUrl, ORGANISER, DEMO_PASSWORD);
    await waitForPath(page, '/dashboard');
  }, 120_000);

  afterEach(async (test) => {
    if (test.task.result?.state === 'fail' && page) await screenshot(page, `failed-lists-${test.task.name.replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await portal?.close();
  });

  /** The names in the list's name cells, page after page (the URL's pageNum), as the screen shows them. */
  async function listedNames(testId: string, rowTestId: string, nameCell: number): Promise<string[]> {
    const names: string[] = [];
    for (let pageNum = 1; ; pageNum += 1) {
      const url = new URL(page.url());
      url.searchParams.set('pageNum', String(pageNum));
      await page.goto(url.toString());
      await page.locator(`[data-testid=${testId}][aria-busy=false]`).waitFor();
      const rows = page.locator(`[data-testid=${rowTestId}]`);
      const count = await rows.count();
      for (let index = 0; index < count; index += 1) names.push((await rows.nth(index).locator('td').nth(nameCell).innerText()).trim());
      if (count < 20) return names;
    }
  }

  async function exported(testId: string): Promise<string> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`[data-testid=${testId}-download]`).click()]);
    return (await download.path())!;
  }

  it("receptionists: the export holds the list's rows with the mobiles masked; a refused export shows the server's message", async () => {
    const organiser = await portal.app.db
      .selectFrom('accounts')
      .select(['id', 'account', 'name', 'user_type', 'unit_id'])
      .where('account', '=', ORGANISER)
      .executeTakeFirstOrThrow();
    const who = {
      sessionId: 'e2e',
      id: organiser.id,
      account: organiser.account,
      name: organiser.name,
      userType: organiser.user_type,
      unitId: organiser.unit_id,
    } as Parameters<typeof portal.app.services.console.hotels.saveReceptionist>[0];
    for (const [name, mobile] of [
      [`乙${MARK}接待`, '13912345691'],
      [`甲${MARK}接待`, '13912345692'],
    ] as const)
      await portal.app.services.console.hotels.saveReceptionist(who, null, { name, mobile });
    await page.goto(`${portal.baseUrl}/admin/hotels`);
    const rows = page.locator('[data-testid=receptionist-row]');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const names: string[] = [];
    for (let index = 0; index < (await rows.count()); index += 1)
      names.push((await rows.nth(index).locator('td').nth(0).innerText()).trim());
    const file = await exported('receptionists-table');
    expect(await workbookColumn(file, 1)).toEqual(names);
    const mobiles = await workbookColumn(file, 2);
    expect(mobiles.join('\n')).not.toContain('13912345691');
    expect(mobiles.some((mobile) => mobile.includes('*'))).toBe(true);

    // the server refuses the file: the list says so, in the server's words, rather than nothing
    await page.route('**/admin/console/export/receptionists**', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ code: 403, msg: '无权导出该列表', data: null }),
      }),
    );
    await page.locator('[data-testid=receptionists-table-download]').click();
    await expect
      .poll(() => page.locator('[data-testid=receptionists-table-download-failed]').innerText(), { timeout: 15_000 })
      .toContain('无权导出该列表');
    await page.unroute('**/admin/console/export/receptionists**');
  }, 180_000);

  // nameCell: both lists are selectable (the guest search since messages: "send to the checked"), so cell 0 is the checkbox
  for (const list of [
    { name: 'console guest query', route: '/admin/guests', testId: 'search', rowTestId: 'search-row', nameCell: 1 },
    { name: 'review queue', route: '/admin/review', testId: 'review-table', rowTestId: 'review-row', nameCell: 1 },
  ]) {
    it(`${list.name}: filter by name, sort by name going down, export: the workbook has the list's rows`, async () => {
      await page.goto(`${portal.baseUrl}${list.route}`);
      await filterByNameSortedDown(page, list.testId, MARK);
      const names = await listedNames(list.testId, list.rowTestId, list.nameCell);
      expect(names).toHaveLength(GUESTS);
      expect(names).toEqual([...names].sort().reverse());
      const file = await exported(list.testId);
      expect(await workbookColumn(file, 1)).toEqual(names);
    }, 180_000);
  }
});
