/**
 * The console's form editor in Chromium, against the real server: an organiser with no files at
 * hand changes the unit form (a required single choice with four options in both languages, a
 * field required only for one of its answers, a tighter limit, a protected field relabelled),
 * previews it at 390 px, sees the stored-records count and publishes it. Dropping or retyping a
 * protected field is refused with a sentence that says why. The page keeps its Content-Security-Policy
 * (no bypass): the preview's validator is a same-origin module, no eval.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/shared/api-paths';
import { formVersionsApiPaths, type FormVersionDetail, type LiveForm } from '../../src/shared/form-versions-api';
import { screenshot } from './support/artefacts';
import { chromiumAvailable, launchChromium } from './support/chromium';
import {
  addDietChoice,
  addDietDetail,
  DIET_OPTIONS,
  openFormInEditor,
  previewAtPhoneWidth,
  publishWithCount,
  relabelProtectedField,
  saveDraft,
} from './support/form-editor-steps';
import { signInWithPassword, waitForPath } from './support/portal-pages';
import { startPortal, type RunningPortal } from './support/portal-server';

const DEMO_PASSWORD = 'Summit#2025';
const ORGANISER = 'organiser@demo.example.com';
const run = chromiumAvailable();

describe.skipIf(!run)('console form editor in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const cspViolations: string[] = [];

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content.Security.Policy|unsafe-eval/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(`${portal.baseUrl}/login`);
    await signInWithPassword(page, portal.baseUrl, ORGANISER, DEMO_PASSWORD);
    await waitForPath(page, '/dashboard');
  });

  afterEach(async (test) => {
    if (test.task.result?.state === 'fail' && page) await screenshot(page, `failed-forms-editor-${test.task.name.replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await portal?.close();
  });

  const byTestId = (id: string) => page.locator(`[data-testid="${id}"]`);

  async function liveUnit(): Promise<LiveForm> {
    const answer = await page.request.get(`${portal.baseUrl}${API_BASE}/${formVersionsApiPaths.liveForm('unit')}`);
    return ((await answer.json()) as { data: LiveForm }).data;
  }

  it('lists the forms with their live versions and opens the unit form from the console menu', async () => {
    await openFormInEditor(page, portal.baseUrl, 'unit');
    expect(await page.locator('[data-testid^="field-row-"]').count()).toBeGreaterThan(10);
  });

  it('adds a required single choice with four options in both languages', async () => {
    await addDietChoice(page);
  });

  it('adds a field required only for one answer of it, with a tighter limit', async () => {
    await addDietDetail(page);
  });

  it('relabels a protected field and refuses to drop it, saying why', async () => {
    await relabelProtectedField(page, { zh: '单位中文全称（营业执照）', en: 'Full Chinese name (as licensed)' });
  });

  it('saves the draft', async () => {
    await saveDraft(page);
  });

  it('the server refuses a retyped protected field in the JSON tab', async () => {
    const name = (
      (await page.locator('[data-testid^="field-row-"][data-protected="true"]').first().getAttribute('data-testid')) ?? ''
    ).replace('field-row-', '');
    await byTestId('tab-json').click();
    const text = await byTestId('json-text').inputValue();
    const document = JSON.parse(text) as { schema: { properties: Record<string, unknown> } };
    document.schema.properties[name] = { type: 'number', 'x-i18n': 'schema.fields.orgNameZh', 'x-protected': true };
    await byTestId('json-text').fill(JSON.stringify(document, null, 2));
    await byTestId('json-check').click();
    await byTestId('json-problems').waitFor();
    expect(await byTestId('json-problems').textContent()).toContain(`/schema/properties/${name}`);
  });

  it('a save over a draft someone else changed meanwhile is refused with who changed it', async () => {
    // another organiser's save (the same account through the API: the stamp names it)
    const draftUrl = `${portal.baseUrl}${API_BASE}/${formVersionsApiPaths.formDraft('unit')}`;
    const stored = ((await (await page.request.get(draftUrl)).json()) as { data: FormVersionDetail }).data;
    const answer = await page.request.put(draftUrl, {
      data: { baseRevision: stored.revision, document: stored.document },
      headers: { origin: portal.baseUrl },
    });
    expect(answer.status()).toBe(200);

    await byTestId('tab-fields').click();
    await byTestId('field-row-dietDetail').click();
    await byTestId('help-en').fill('Tell us what to avoid');
    await byTestId('help-zh-CN').fill('请说明需要避免的食物');
    await byTestId('field-apply').click();
    await byTestId('draft-save').click();
    const conflict = byTestId('draft-conflict');
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain(stored.updated.name);
    await conflict.getByRole('button').click();
    await expect.poll(() => conflict.count()).toBe(0);
    await byTestId('field-row-diet').waitFor();
  });

  it('previews the draft in both languages at 390 px with its own checks', async () => {
    await previewAtPhoneWidth(page);
    const en = byTestId('preview-en');

    // the draft's own rules run in the browser: diet is required; its detail only once "Other" is the answer
    await byTestId('preview-check-en').click();
    await en.locator('#preview-en_diet__error').getByText(/\S/).first().waitFor();
    expect(await en.locator('#preview-en_dietDetail__error').getByText(/\S/).count()).toBe(0);
    await en.getByLabel('Other', { exact: true }).check();
    await byTestId('preview-check-en').click();
    await en.locator('#preview-en_dietDetail__error').getByText(/\S/).first().waitFor();
    await screenshot(page, 'forms-editor-preview-390');
  });

  it('shows the stored-records count and publishes with it confirmed; the unit form is live with the new fields', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const before = await liveUnit();
    // the confirmation names the count the organiser saw
    await publishWithCount(page);
    await expect.poll(async () => (await liveUnit()).version, { timeout: 30_000 }).toBeGreaterThan(before.version);
    const live = await liveUnit();
    const properties = live.schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.diet?.enum).toEqual(DIET_OPTIONS.map((option) => option.value));
    expect(live.schema.required).toContain('diet');
    expect(live.labels.en['schema.forms.unit.diet.options.halal']).toBe('Halal');
    expect(cspViolations).toEqual([]);
  });
});
