import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether the browser tests can run. Without Chromium they are skipped with a message, except
 * under CI=true, where a missing browser is a failure (team rule).
 */
export function chromiumAvailable(): boolean {
  if (existsSync(chromiumPath)) return true;
  const message = `Chromium not found at ${chromiumPath} (set CHROMIUM_PATH or apt-get install chromium)`;
  if (process.env.CI === 'true') throw new Error(`e2e: ${message}`);
  console.warn(`e2e tests skipped: ${message}`);
  return false;
}

/** Debian's Chromium with the team's flags; `extraArgs` add to them (a fake camera, say). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}
