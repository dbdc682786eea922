import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pngPicture, portrait } from '../server/uploads-fixtures';
import { screenshot, seriousViolations } from './support/artefacts';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { chooseFile, fillOpenEditionWindow, uploadOutcome, waitForStep } from './support/guest-pages';
import { signInWithPassword, waitForPath } from './support/portal-pages';
import { startPortal, type RunningPortal } from './support/portal-server';

const DEMO_PASSWORD = 'Summit#2025';
const ENTERPRISE = 'enterprise@demo.example.com';
const ORGANISER = 'organiser@demo.example.com';
const run = chromiumAvailable();

/**
 * The photo rules of SPEC 5 as a unit meets them in the guest wizard: every failing photo is
 * refused in the browser with the rule's own message before anything is sent; a compliant one
 * is uploaded (the server checks it again) and previewed. Fixtures are built with sharp from
 * face-api's demo photo (tests/server/uploads-fixtures.ts), no binaries in the repository.
 */
describe.skipIf(!run)('guest photo rules in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const photos: Record<string, Buffer> = {};

  async function record(name: string): Promise<void> {
    await screenshot(page, `guest-${name}`);
    expect(await seriousViolations(page, `guest-${name}`)).toEqual([]);
  }

  async function signIn(account: string, password: string): Promise<void> {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true, locale: 'zh-CN' });
    page = await context.newPage();
    await page.goto(`${portal.baseUrl}/login`);
    await signInWithPassword(page, portal.baseUrl, account, password);
    await waitForPath(page, '/dashboard');
  }

  async function open(path: string): Promise<void> {
    await page.goto(`${portal.baseUrl}${path}`);
  }

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
    photos.pass = await portrait();
  });

  afterEach(async (test) => {
    if (test.task.result?.state === 'fail' && page) await screenshot(page, `failed-guest-${test.task.name.replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await portal?.close();
  });

  it('checks each photo rule in the browser before uploading, and accepts a compliant photo', async () => {
    const failing: [string, () => Promise<Buffer>, string, RegExp][] = [
      ['JPG only', () => pngPicture(), 'photo.png', /JPG/],
      ['too few bytes', () => portrait({ quality: 30 }), 'small.jpg', /文件过小/],
      ['too many bytes', () => portrait({ width: 1500, height: 2000, quality: 100, noiseAmplitude: 30 }), 'big.jpg', /超出限制|文件过大/],
      ['not 3:4', () => portrait({ width: 1000, height: 1000 }), 'square.jpg', /宽高比/],
      ['too few pixels', () => portrait({ width: 360, height: 480 }), 'tiny.jpg', /像素不足/],
      ['dpi under 80', () => portrait({ density: 72 }), 'dpi72.jpg', /分辨率不足/],
      ['no face', () => portrait({ face: false }), 'noface.jpg', /未检测到人脸/],
      ['face too small', () => portrait({ faceShare: 0.07 }), 'far.jpg', /人脸过小/],
      ['face too large', () => portrait({ faceShare: 0.8 }), 'near.jpg', /人脸过大/],
      ['busy background', () => portrait({ plain: false }), 'busy.jpg', /背景不是纯色/],
    ];
    // the form of a new guest is only open inside the registration window
    await signIn(ORGANISER, DEMO_PASSWORD);
    await open('/admin/edition');
    await fillOpenEditionWindow(page);
    await page.locator('[data-testid=submit]').click();
    await page.locator('[data-testid=toast]').first().waitFor();
    await signIn(ENTERPRISE, DEMO_PASSWORD);
    await open('/guests/new');
    await waitForStep(page, 'basic');
    for (const [rule, make, name, message] of failing) {
      await chooseFile(page, 'photo', name, name.endsWith('.png') ? 'image/png' : 'image/jpeg', await make());
      // each refusal names its own rule (a stale message of the previous file would not match)
      await page.locator('[data-testid=upload-photo] [data-testid=upload-error]', { hasText: message }).waitFor({ timeout: 60_000 });
      expect(rule).toBeTruthy();
      if (rule === 'no face') await record('photo-refused');
    }
    await chooseFile(page, 'photo', 'portrait.jpg', 'image/jpeg', photos.pass as Buffer);
    expect(await uploadOutcome(page, 'photo')).toBe('accepted');
    await record('photo-accepted');
  });
});
