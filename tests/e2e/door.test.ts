import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { storeOldGuest } from './support/old-records';
import { signInWithPassword, waitForPath } from './support/portal-pages';
import { startPortal, type RunningPortal } from './support/portal-server';
import { screenshot } from './support/artefacts';
import { liveBadgeToken } from '../server/door-harness';

const DEMO_PASSWORD = 'Summit#2025';
const ENTERPRISE = 'enterprise@demo.example.com';
const STAFF = 'staff@demo.example.com';
const run = chromiumAvailable();
const WIDTH = 640;
const HEIGHT = 480;

/** A Y4M clip of a badge's QR code: what Chromium's fake camera shows (--use-file-for-fake-video-capture). */
async function qrClip(token: string, file: string): Promise<void> {
  const qr = await QRCode.toBuffer(token, { margin: 2, width: 400, errorCorrectionLevel: 'M' });
  const luma = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' } })
    .composite([{ input: qr, gravity: 'center' }])
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = luma.info.channels === 1 ? luma.data : Buffer.from(luma.data.filter((_, i) => i % luma.info.channels === 0));
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 10 }, () => frame)]),
  );
}

describe.skipIf(!run)('the door in Chromium: badges and check-in', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let camera: Browser | undefined;
  let guestId = '';
  let secondGuestId = '';

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
    guestId = await storeOldGuest(portal.app, ENTERPRISE);
    secondGuestId = await storeOldGuest(portal.app, ENTERPRISE, {
      nameZh: '第二嘉宾',
      idDigits: '37020219800101015',
      mobile: '13800000124',
      email: 'second-guest@e2e.example.com',
    });
    await portal.app.db.updateTable('guests').set({ audit_status: 'approved' }).where('id', 'in', [guestId, secondGuestId]).execute();
  });

  afterAll(async () => {
    await camera?.close();
    await browser?.close();
    await portal?.close();
  });

  it('a unit downloads the badges of its approved guests as a PDF with the photo and a QR code', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN', acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/login`);
    await signInWithPassword(page, portal.baseUrl, ENTERPRISE, DEMO_PASSWORD);
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.baseUrl}/guests`);
    const button = page.locator('[data-testid=guest-table-download]');
    await button.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // a page per approved guest, each with two pictures: the photo and the QR code
    expect((pdf.toString('latin1').match(/\/Type \/Page[^s]/g) ?? []).length).toBe(2);
    expect((pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length).toBeGreaterThanOrEqual(4);
    await context.close();
  });

  it('a staff member at 390 px checks a guest in with the camera, is told "already checked in" on the next scan, and a scan made offline arrives when the network is back', async () => {
    const [token, secondToken] = [await liveBadgeToken(portal.app, guestId), await liveBadgeToken(portal.app, secondGuestId)];

    // the camera: Chromium's fake device plays the first guest's badge
    const clip = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'door-')), 'badge.y4m');
    await qrClip(token, clip);
    camera = await launchChromium([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${clip}`,
    ]);
    const phone = await camera.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', permissions: ['camera'] });
    const scanner = await phone.newPage();
    await scanner.goto(`${portal.baseUrl}/login`);
    await signInWithPassword(scanner, portal.baseUrl, STAFF, DEMO_PASSWORD);
    await waitForPath(scanner, '/dashboard');
    await scanner.goto(`${portal.baseUrl}/checkin`);
    await scanner.locator('[data-testid=checkin-station]').fill('东门');
    await scanner.locator('[data-testid=checkin-start-camera]').click();
    // the first answer, whatever it is (a refusal says why in the failure), is the check-in: the
    // badge stays in view, and a badge still in view is not scanned again
    const answer = scanner.locator('[data-testid=checkin-result], [data-testid=checkin-refused]');
    await answer.waitFor({ timeout: 60_000 });
    expect([await answer.getAttribute('data-outcome'), await answer.innerText()]).toEqual([
      'checked-in',
      expect.stringContaining('旧版嘉宾'),
    ]);
    const first = scanner.locator('[data-testid=checkin-result][data-outcome=checked-in]');
    // the photo to compare with the person at the door
    await first.locator('img[alt=旧版嘉宾]').waitFor();
    expect(await first.locator('img[alt=旧版嘉宾]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await screenshot(scanner, 'door-checkin-phone');
    // the next scan: the badge held up again after the page is opened anew
    await scanner.reload();
    await scanner.locator('[data-testid=checkin-start-camera]').click();
    const again = scanner.locator('[data-testid=checkin-result][data-outcome=already]');
    await again.waitFor({ timeout: 30_000 });
    expect(await again.innerText()).toContain('东门');
    await phone.close();

    // the network drops: the typed scan of the second guest is kept, then sent when the network is back
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/login`);
    await signInWithPassword(page, portal.baseUrl, STAFF, DEMO_PASSWORD);
    await waitForPath(page, '/dashboard');
    await page.goto(`${portal.baseUrl}/checkin`);
    await page.locator('[data-testid=checkin-station]').fill('西门');
    await context.setOffline(true);
    await page.locator('[data-testid=checkin-code]').fill(secondToken);
    await page.locator('[data-testid=checkin-submit]').click();
    await page.locator('[data-testid=checkin-waiting]').waitFor();
    await context.setOffline(false);
    const arrived = page.locator('[data-testid=checkin-result][data-outcome=checked-in]');
    await arrived.waitFor({ timeout: 30_000 });
    expect(await arrived.innerText()).toContain('第二嘉宾');
    // one check-in each, where each was first scanned
    const checkIns = await portal.app.db
      .withTables<{ check_ins: { badge_id: string; station: string }; badges: { id: string; guest_id: string | null } }>()
      .selectFrom('check_ins')
      .innerJoin('badges', 'badges.id', 'check_ins.badge_id')
      .select(['badges.guest_id', 'check_ins.station'])
      .execute();
    expect(checkIns.filter((row) => row.guest_id === guestId).map((row) => row.station)).toEqual(['东门']);
    expect(checkIns.filter((row) => row.guest_id === secondGuestId).map((row) => row.station)).toEqual(['西门']);
    await context.close();
  });
});
