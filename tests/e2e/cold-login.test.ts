import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { measureColdLoad } from './support/cold-load';
import { startPortal, type RunningPortal } from './support/portal-server';

/**
 * What a first visit to /login costs on the wire, counted by Chromium until the form is usable
 * (the sign-in button shown, the image code loaded, the network idle). Issue 17: at most 200 kB.
 * About 197 kB when this bound was set (1,231 kB before compression and per-route loading, 353 kB
 * before the lean sign-in form, the lazy feature catalogue and signed-in layout, and one start-up
 * chunk); see bench/sections/wire.ts.
 */
// issue 17's target: 200 kB, read strictly as 200,000 bytes. The merges of 2026-11-26 took the page
// to 199.9-204.8 KiB; the sign-in fields without MUI TextField (engine/widgets/OutlinedTextField.tsx)
// brought it to 195.2 KiB, which is 199,900 bytes; the image code in a palette and MUI's dialog and
// menu loaded on first use brought it to 183.7 KiB (188,100 bytes)
const COLD_LOGIN_BUDGET_BYTES = 200_000;

const run = chromiumAvailable();

describe.skipIf(!run)('cold /login in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal({ productionBuild: true });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  it('sends every script compressed, loads no console or guest texts, stays within the budget', async () => {
    const load = await measureColdLoad(browser, `${portal.baseUrl}/login`, async (page) => {
      await page.getByRole('button', { name: '登录' }).waitFor();
      await page.getByRole('img').first().waitFor();
    });
    const scripts = load.resources.filter((resource) => resource.type === 'Script');
    expect(scripts.length).toBeGreaterThan(0);
    const uncompressed = scripts.filter((script) => script.contentEncoding !== 'br' && script.contentEncoding !== 'gzip');
    expect(uncompressed.map((script) => script.url)).toEqual([]);
    // locale namespaces come with their route: the sign-in page needs none of the features' texts
    // (one chunk per language since vite.config.ts groups them, texts-<language>)
    const localeChunks = scripts
      .map((script) => script.url)
      .filter((url) => /\/assets\/(console|guest|activity|content|wish|texts-[a-zA-Z-]+)-[\w-]{8}\.js$/.test(url));
    expect(localeChunks).toEqual([]);
    console.log(
      `cold /login: ${load.resources.length} requests, ${load.totalTransferred} bytes on the wire (${load.totalDecoded} decoded)`,
    );
    expect(load.totalTransferred).toBeLessThanOrEqual(COLD_LOGIN_BUDGET_BYTES);
  });
});
