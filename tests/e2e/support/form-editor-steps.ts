/**
 * The console form editor's steps as an organiser takes them (issue 28's walk): used by the
 * editor's e2e on one instance and by the cluster walk on two. Each step starts on the editor's
 * field list of the form being changed and leaves it there.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const DIET_OPTIONS = [
  { value: 'none', zh: '无特殊要求', en: 'No preference' },
  { value: 'vegetarian', zh: '素食', en: 'Vegetarian' },
  { value: 'halal', zh: '清真', en: 'Halal' },
  { value: 'other', zh: '其他', en: 'Other' },
];

export const DIET_LABEL = { zh: '饮食要求', en: 'Dietary needs' };
export const DIET_DETAIL_LABEL = { zh: '其他饮食要求', en: 'Other dietary needs' };

export const byTestIdOn = (page: Page) => (id: string) => page.locator(`[data-testid="${id}"]`);

/** From the console's Forms screen to the field list of `form`. */
export async function openFormInEditor(page: Page, baseUrl: string, form: string): Promise<void> {
  const byTestId = byTestIdOn(page);
  await page.goto(`${baseUrl}/admin/forms`);
  await byTestId('forms-list').waitFor();
  await expect.poll(() => byTestId(`form-${form}`).textContent()).toMatch(/\d/);
  await byTestId(`edit-${form}`).click();
  await byTestId('field-list').waitFor();
}

/** A required single choice `diet` with four options labelled in both languages. */
export async function addDietChoice(page: Page): Promise<void> {
  const byTestId = byTestIdOn(page);
  await byTestId('field-add').click();
  await byTestId('field-name').fill('diet');
  await byTestId('field-kind').selectOption('singleChoice');
  await byTestId('label-zh-CN').fill(DIET_LABEL.zh);
  await byTestId('label-en').fill(DIET_LABEL.en);
  await byTestId('field-required').check();
  for (const [index, option] of DIET_OPTIONS.entries()) {
    await byTestId('option-add').click();
    await byTestId(`option-value-${index}`).fill(option.value);
    await byTestId(`option-${index}-zh-CN`).fill(option.zh);
    await byTestId(`option-${index}-en`).fill(option.en);
  }
  await byTestId('field-apply').click();
  await byTestId('field-row-diet').waitFor();
  expect(await byTestId('field-row-diet').textContent()).toContain(DIET_LABEL.zh);
}

/** `dietDetail`, required only when diet is "other", with a tighter length limit (50). */
export async function addDietDetail(page: Page): Promise<void> {
  const byTestId = byTestIdOn(page);
  await byTestId('field-add').click();
  await byTestId('field-name').fill('dietDetail');
  await byTestId('label-zh-CN').fill(DIET_DETAIL_LABEL.zh);
  await byTestId('label-en').fill(DIET_DETAIL_LABEL.en);
  await byTestId('when-field').selectOption('diet');
  await byTestId('when-value').selectOption('other');
  await byTestId('limit-maxLength').fill('50');
  await byTestId('field-apply').click();
  await byTestId('field-row-dietDetail').waitFor();
  await byTestId('field-row-dietDetail').click();
  expect(await byTestId('limit-maxLength').inputValue()).toBe('50');
}

/**
 * Relabels the form's first protected field in both languages, then tries to drop it and is told
 * why not. Returns the field's name.
 */
export async function relabelProtectedField(page: Page, label: { zh: string; en: string }): Promise<string> {
  const byTestId = byTestIdOn(page);
  const row: Locator = page.locator('[data-testid^="field-row-"][data-protected="true"]').first();
  const name = ((await row.getAttribute('data-testid')) ?? '').replace('field-row-', '');
  await row.locator('.MuiListItemButton-root').click();
  await byTestId('field-protected-note').waitFor();
  expect(await byTestId('field-kind').isDisabled()).toBe(true);
  await byTestId('label-zh-CN').fill(label.zh);
  await byTestId('label-en').fill(label.en);
  await byTestId('field-apply').click();
  await expect.poll(() => row.textContent()).toContain(label.zh);

  await byTestId(`field-drop-${name}`).click();
  await byTestId('field-refused').waitFor();
  expect(await byTestId('field-refused').textContent()).toContain('不能删除');
  await byTestId(`field-row-${name}`).waitFor();
  return name;
}

/** Saves the draft (the button goes grey once it is saved). */
export async function saveDraft(page: Page): Promise<void> {
  const byTestId = byTestIdOn(page);
  await byTestId('draft-save').click();
  await expect.poll(() => byTestId('draft-save').isDisabled()).toBe(true);
}

/** The preview at 390 px in both languages: the new fields and options are drawn, nothing overflows. */
export async function previewAtPhoneWidth(page: Page): Promise<void> {
  const byTestId = byTestIdOn(page);
  await byTestId('tab-preview').click();
  await page.setViewportSize({ width: 390, height: 844 });
  const zh = byTestId('preview-zh-CN');
  const en = byTestId('preview-en');
  await zh.getByText(DIET_LABEL.zh).first().waitFor({ timeout: 60_000 });
  await en.getByText(DIET_LABEL.en).first().waitFor();
  for (const option of DIET_OPTIONS) await en.getByText(option.en, { exact: true }).first().waitFor();
  const box = await zh.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/**
 * The publish tab: reads the stored-records count, publishes and confirms, checking that the
 * confirmation names the count. Resolves when the confirmation was clicked, with the count.
 */
export async function publishWithCount(page: Page): Promise<number> {
  const byTestId = byTestIdOn(page);
  await byTestId('tab-publish').click();
  await byTestId('diff-count').waitFor({ timeout: 60_000 });
  const countText = (await byTestId('diff-count').textContent()) ?? '';
  const affected = /本届已存的 \d+ 条记录中，有 (\d+) 条/.exec(countText)?.[1];
  expect(affected, countText).toBeDefined();
  await byTestId('publish').click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(`${affected} 条已存记录`);
  await dialog.getByRole('button').last().click();
  return Number(affected);
}
