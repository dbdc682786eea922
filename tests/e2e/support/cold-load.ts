import type { Browser } from 'playwright-core';

export interface TransferredResource {
  url: string;
  type: string;
  status: number;
  /** bytes on the wire: headers and (compressed) body, as Chromium's network stack counted them */
  transferred: number;
  /** the decoded body length */
  decoded: number;
  contentEncoding: string | null;
}

export interface ColdLoad {
  resources: TransferredResource[];
  totalTransferred: number;
  totalDecoded: number;
}

/**
 * Opens `url` in a fresh context (empty cache, no cookie) and counts every byte the page
 * fetched until `ready` resolved and the network went idle: what a first visit costs.
 * Chromium's own Network events give the on-wire size (`encodedDataLength`), so compression
 * and headers count as the user pays them.
 */
export async function measureColdLoad(
  browser: Browser,
  url: string,
  ready: (page: import('playwright-core').Page) => Promise<void>,
  options: { acceptEncoding?: string } = {},
): Promise<ColdLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // e.g. `identity`: what the same visit would cost without compression
    if (options.acceptEncoding) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': options.acceptEncoding } });
    const pending = new Map<string, Omit<TransferredResource, 'transferred' | 'decoded'> & { decoded: number }>();
    const resources: TransferredResource[] = [];
    cdp.on('Network.responseReceived', (event) => {
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      pending.set(event.requestId, {
        url: event.response.url,
        type: event.type ?? 'Other',
        status: event.response.status,
        contentEncoding: headers['content-encoding'] ?? null,
        decoded: 0,
      });
    });
    cdp.on('Network.dataReceived', (event) => {
      const entry = pending.get(event.requestId);
      if (entry) entry.decoded += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const entry = pending.get(event.requestId);
      if (!entry) return;
      pending.delete(event.requestId);
      resources.push({ ...entry, transferred: event.encodedDataLength });
    });
    await page.goto(url);
    await ready(page);
    await page.waitForLoadState('networkidle');
    return {
      resources,
      totalTransferred: resources.reduce((sum, r) => sum + r.transferred, 0),
      totalDecoded: resources.reduce((sum, r) => sum + r.decoded, 0),
    };
  } finally {
    await context.close();
  }
}
