import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Filters the declared list on the page by a part of a name, then sorts it by name going down
 * (its name header clicked twice: up, then down), waiting each time until the list shows it.
 */
export async function filterByNameSortedDown(page: Page, testId: string, name: string): Promise<void> {
  await page.locator('#root_name').fill(name);
  await page.locator('[data-testid=list-filter-submit]').click();
  await page.waitForURL(/name=/);
  const sortName = page.locator(`[data-testid=${testId}-sort-name]`);
  await sortName.click();
  await page.waitForURL(/order=asc/);
  // the header has taken the new order (the URL changes a moment before the list renders it)
  await page.locator('th[aria-sort=ascending]').waitFor();
  await sortName.click();
  await page.waitForURL(/order=desc/);
  // the list renders the new order in a transition: a loaded machine may take more than the default second
  await expect.poll(() => page.locator('th[aria-sort=descending]').count(), { timeout: 15_000 }).toBe(1);
}
