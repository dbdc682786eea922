import type { CDPSession, Page } from 'playwright-core';

declare global {
  interface Window {
    __keystrokeLatencies?: number[];
  }
}

/**
 * Keystroke → paint, measured in the page: from the keydown's timestamp to a task queued from
 * the first animation frame after it, which runs once that frame (with the re-render the
 * keystroke caused) has been produced. Works the same on any page, so the product and the
 * bare RJSF page are measured alike.
 */
async function installProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__keystrokeLatencies = [];
    document.addEventListener(
      'keydown',
      (event) => {
        const started = event.timeStamp;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => window.__keystrokeLatencies?.push(performance.now() - started);
          channel.port2.postMessage(null);
        });
      },
      { capture: true },
    );
  });
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export interface TypingResult {
  p50: number;
  p95: number;
  max: number;
  count: number;
}

/** Types `text` (ASCII, one keydown per character) into `selector` and returns the latencies. */
export async function measureTyping(page: Page, selector: string, text: string, cpuThrottle = 1, pauseMs = 150): Promise<TypingResult> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
  try {
    await page.locator(selector).click();
    await page.locator(selector).fill('');
    await page.waitForTimeout(300);
    await installProbe(page);
    for (const character of text) {
      await page.keyboard.press(character === ' ' ? 'Space' : character);
      await page.waitForTimeout(pauseMs);
    }
    await page.waitForTimeout(500);
    const latencies = await page.evaluate(() => window.__keystrokeLatencies ?? []);
    return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: Math.max(...latencies), count: latencies.length };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}
