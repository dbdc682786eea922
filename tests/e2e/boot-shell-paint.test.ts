import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { startPortal, type RunningPortal } from './support/portal-server';

/**
 * The static shell of the sign-in document (scripts/boot-shell-plugin.ts) is the page's largest
 * contentful paint, and the React layout that replaces it adds no larger one: even when the
 * document arrives in two parts and Chromium could paint the part before the language button,
 * where the title alone on its line covered half the area (the late LCP of issue 29).
 */

/** A proxy in front of the portal that sends /login's document in two parts, cut after the shell's title. */
function splittingProxy(upstreamUrl: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(upstreamUrl + request.url, { headers: { cookie: request.headers.cookie ?? '' } });
      const body = Buffer.from(await upstream.arrayBuffer());
      const headers: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        // fetch has decoded the body already
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) headers[name] = value;
      });
      response.writeHead(upstream.status, headers);
      if (request.url !== '/login') return response.end(body);
      const html = body.toString('utf8');
      const cut = html.indexOf('</p>', html.indexOf('bs-sign-in-title')) + '</p>'.length;
      response.write(html.slice(0, cut));
      // long enough for Chromium to render the part it has
      await new Promise((resolve) => setTimeout(resolve, 400));
      response.end(html.slice(cut));
    })();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const run = chromiumAvailable();

describe.skipIf(!run)('the sign-in shell painted whole', () => {
  let portal: RunningPortal;
  let proxy: http.Server;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    proxy = await splittingProxy(portal.baseUrl);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    proxy?.close();
    await portal?.close();
  });

  it('reports one largest contentful paint, the shell title on its final lines, though the document came in two parts', async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'zh-CN', isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      await page.addInitScript(`
        window.__candidates = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__candidates.push({ size: entry.size });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      `);
      await page.goto(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/login`);
      await page.getByRole('button', { name: '登录' }).waitFor();
      // the shell is gone: the React layout has painted its own title
      await expect.poll(() => page.locator('#boot-shell').count()).toBe(0);
      // a candidate is reported after the frame that painted it
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const candidates = await page.evaluate(() => (window as unknown as { __candidates: { size: number }[] }).__candidates);
      expect(candidates).toHaveLength(1);
      // the title's two lines at this width, as the React layout draws them
      const title = await page.getByText('跨国公司领导人峰会嘉宾注册系统').first().boundingBox();
      expect(candidates[0]!.size).toBeGreaterThanOrEqual(title!.width * (title!.height / 2));
    } finally {
      await context.close();
    }
  });
});
