/**
 * Issue 28 in Chromium, against the real server and its Content-Security-Policy (no bypass): a
 * unit has its good-wishes form open and has typed in it; an organiser publishes a version of
 * good-wishes with a new required field (through the console's API, as the editor does). Without
 * a reload the open form says it was updated, keeps what was typed and marks the new field; a
 * form opened afterwards renders the new version at once. The version's validator is a
 * same-origin module: no eval, no CSP violation.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/shared/api-paths';
import {
  formVersionsApiPaths as paths,
  type FormPublished,
  type FormSummary,
  type FormVersionDetail,
  type StoredRecordsDiff,
} from '../../src/shared/form-versions-api';
import type { WishRecord } from '../../src/shared/wish-api';
import { screenshot } from './support/artefacts';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { signInWithPassword, waitForPath } from './support/portal-pages';
import { startPortal, type RunningPortal } from './support/portal-server';

const DEMO_PASSWORD = 'Summit#2025';
const ENTERPRISE = 'enterprise@demo.example.com';
const ORGANISER = 'organiser@demo.example.com';
const run = chromiumAvailable();

type Json = Record<string, unknown>;

describe.skipIf(!run)('a registrant form follows a publish in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let unit: Page;
  let organiser: Page;
  const cspViolations: string[] = [];

  async function signedIn(account: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content.Security.Policy|unsafe-eval/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(`${portal.baseUrl}/login`);
    await signInWithPassword(page, portal.baseUrl, account, DEMO_PASSWORD);
    await waitForPath(page, '/dashboard');
    return page;
  }

  async function call<T>(page: Page, method: 'GET' | 'PUT' | 'POST', path: string, data?: unknown): Promise<T> {
    const answer = await page.request.fetch(`${portal.baseUrl}${API_BASE}/${path}`, {
      method,
      headers: { origin: portal.baseUrl },
      ...(data === undefined ? {} : { data }),
    });
    expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBe(200);
    return ((await answer.json()) as { data: T }).data;
  }

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
    [unit, organiser] = await Promise.all([signedIn(ENTERPRISE), signedIn(ORGANISER)]);
  });

  afterEach(async (test) => {
    if (test.task.result?.state === 'fail' && unit) await screenshot(unit, `failed-live-form-${test.task.name.replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await portal?.close();
  });

  it('an open form is switched on a publish: notice, typed text kept, the new required field marked', async () => {
    await unit.goto(`${portal.baseUrl}/wish`);
    await unit.locator('#root_wishMessage').fill('祝峰会圆满成功！');
    expect(await unit.locator('#root_slogan').count()).toBe(0);

    // the organiser publishes good-wishes with a new required field
    const live = (await call<FormSummary[]>(organiser, 'GET', paths.formList)).find((form) => form.name === 'good-wishes')!.live!;
    const detail = await call<FormVersionDetail>(organiser, 'GET', paths.formVersion('good-wishes', live.version));
    const document = structuredClone(detail.document);
    const schema = document.schema as Json & { properties: Json; required?: string[] };
    schema.properties.slogan = { type: 'string', minLength: 1, maxLength: 30, 'x-i18n': 'schema.forms.good-wishes.slogan.label' };
    schema.required = [...(schema.required ?? []), 'slogan'];
    document.labels['zh-CN']['schema.forms.good-wishes.slogan.label'] = '大会口号';
    document.labels.en['schema.forms.good-wishes.slogan.label'] = 'Summit slogan';
    await call(organiser, 'PUT', paths.formDraft('good-wishes'), { baseRevision: null, document });
    const diff = await call<StoredRecordsDiff>(organiser, 'GET', paths.formDraftStoredRecords('good-wishes'));
    const published = await call<FormPublished>(organiser, 'POST', paths.formDraftPublish('good-wishes'), {
      confirmedAffected: diff.affected,
    });
    expect(published.version).toBeGreaterThan(live.version);

    // the open form's next check (every 30 s, and on focus: the user comes back to the window)
    await expect
      .poll(
        async () => {
          await unit.evaluate(() => window.dispatchEvent(new Event('focus')));
          return unit.locator('[data-testid=form-version-updated]').count();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(1);
    expect(await unit.locator('[data-testid=form-version-updated]').innerText()).toContain('此表单已更新');
    await unit.locator('#root_slogan').waitFor();
    expect(await unit.locator('#root_wishMessage').inputValue()).toBe('祝峰会圆满成功！');
    await expect.poll(() => unit.locator('#root_slogan__error').innerText()).toMatch(/\S/);
    expect(await unit.locator('label[for=root_slogan]').innerText()).toContain('大会口号');
    await screenshot(unit, 'live-form-switched');

    // the new version's own validator takes the filled form, and the server keeps the new field
    await unit.locator('#root_slogan').fill('合作共赢');
    await unit.locator('[data-testid=submit]').click();
    await unit.locator('[data-testid=toast]', { hasText: '祝福语已保存' }).waitFor();
    const mine = await call<WishRecord>(unit, 'GET', 'qms/wish/mine');
    expect(mine.document).toMatchObject({ wishMessage: '祝峰会圆满成功！', slogan: '合作共赢' });
  });

  it('a form opened after the publish renders the new version at once, without a server restart', async () => {
    const page = await unit.context().newPage();
    page.on('console', (message) => {
      if (/Content.Security.Policy|unsafe-eval/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(`${portal.baseUrl}/wish`);
    await expect.poll(() => page.locator('#root_slogan').inputValue(), { timeout: 30_000 }).toBe('合作共赢');
    expect(await page.locator('label[for=root_slogan]').innerText()).toContain('大会口号');
    expect(await page.locator('[data-testid=form-version-updated]').count()).toBe(0);
    // the new rule runs in the browser: an empty slogan is refused before anything is sent
    await page.locator('#root_slogan').fill('');
    await page.locator('[data-testid=submit]').click();
    await expect.poll(() => page.locator('#root_slogan__error').innerText()).toMatch(/\S/);
    expect(cspViolations).toEqual([]);
  });
});
