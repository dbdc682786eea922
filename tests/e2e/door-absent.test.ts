/**
 * The door's "not arrived" list on the organiser's dashboard in Chromium: a declared list the
 * organiser filters by name, sorts by a column header and exports; the workbook holds the list's
 * rows in the list's order. The arrivals per hour stay beside it.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { storeOldGuest } from './support/old-records';
import { filterByNameSortedDown } from './support/list-pages';
import { signInWithPassword, waitForPath } from './support/portal-pages';
import { startPortal, type RunningPortal } from './support/portal-server';
import { screenshot } from './support/artefacts';

const DEMO_PASSWORD = 'Summit#2025';
const ENTERPRISE = 'enterprise@demo.example.com';
const ORGANISER = 'organiser@demo.example.com';
const NAMES = ['门前乙', '门前丙', '门前甲'];
const run = chromiumAvailable();

describe.skipIf(!run)("the door's not-arrived list on the organiser's dashboard", () => {
  let portal: RunningPortal;
  let browser: Browser;

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
    const db = portal.app.db;
    const edition = await db.selectFrom('editions').select('id').where('is_current', '=', 1).executeTakeFirstOrThrow();
    const unit = await db.selectFrom('accounts').select('unit_id').where('account', '=', ENTERPRISE).executeTakeFirstOrThrow();
    for (const [index, nameZh] of NAMES.entries()) {
      const id = await storeOldGuest(portal.app, ENTERPRISE, {
        nameZh,
        idDigits: `3702021980010${String(160 + index).padStart(4, '0')}`,
        mobile: `1380000016${index}`,
        email: `door-absent-${index}@e2e.example.com`,
      });
      // a printed badge (as the unit's print makes it), not scanned yet
      await db
        .withTables<{ badges: Record<string, string | null> }>()
        .insertInto('badges')
        .values({
          id: randomUUID(),
          edition_id: edition.id,
          unit_id: unit.unit_id,
          guest_id: id,
          member_id: null,
          temporary_id: null,
          person_key: `g:${id}`,
          created_at: new Date().toISOString(),
          revoked_at: null,
        })
        .execute();
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  it('filters by name, sorts by name going down, and exports exactly the rows shown', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN', acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/login`);
    await signInWithPassword(page, portal.baseUrl, ORGANISER, DEMO_PASSWORD);
    await waitForPath(page, '/dashboard');
    await page.locator('[data-testid=arrival-figures]').waitFor();
    expect(await page.locator('[data-testid=arrival-count]').innerText()).toContain('0');
    await page.locator('[data-testid=absent][aria-busy=false]').waitFor();
    expect(await page.locator('[data-testid=absent-person]').count()).toBeGreaterThanOrEqual(NAMES.length);

    await filterByNameSortedDown(page, 'absent', '门前');
    await expect
      .poll(async () => (await page.locator('[data-testid=absent-person] td:first-child').allInnerTexts()).map((name) => name.trim()), {
        timeout: 15_000,
      })
      .toEqual([...NAMES].sort().reverse());
    await screenshot(page, 'door-absent-list');

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=absent-download]').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const names: string[] = [];
    book.worksheets[0]!.eachRow((row, number) => {
      if (number > 1) names.push(String(row.getCell(1).value ?? ''));
    });
    expect(names).toEqual([...NAMES].sort().reverse());
    await context.close();
  }, 180_000);
});
