/**
 * Messages to people in Chromium: an organiser checks three guests in the guest search, writes
 * them a message in both languages, and the dev outbox holds three e-mails with each guest's
 * name and unit filled in; the deliveries screen shows them sent. Approving a guest from its
 * record sends the unit the approval message.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../src/shared/api-types';
import type { Envelope } from '../../src/shared/envelope';
import { screenshot, seriousViolations, writeAxeReport } from './support/artefacts';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { signInWithPassword, waitForPath } from './support/portal-pages';
import { startPortal, type RunningPortal } from './support/portal-server';
import { addGuest, caller, ENTERPRISE } from '../server/guests-harness';
import type { TestApp } from '../server/helpers/test-app';

const ORGANISER = 'organiser@demo.example.com';
const GUESTS = [
  { nameZh: '甲消息', nameEn: 'Alpha Message', email: 'alpha.message@example.com' },
  { nameZh: '乙消息', nameEn: 'Beta Message', email: 'beta.message@example.com' },
  { nameZh: '丙消息', nameEn: 'Gamma Message', email: 'gamma.message@example.com' },
];
const run = chromiumAvailable();

describe.skipIf(!run)('messages to people in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const guestIds: string[] = [];

  async function outbox(): Promise<OutboxMessage[]> {
    const response = await fetch(`${portal.baseUrl}/exhibition/dev/outbox`);
    return ((await response.json()) as Envelope<OutboxMessage[]>).data;
  }

  async function record(name: string): Promise<void> {
    await screenshot(page, `messages-${name}`);
    expect(await seriousViolations(page, `messages-${name}`)).toEqual([]);
  }

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
    // the unit's three guests, added through the API as the unit would
    const t: TestApp = {
      app: portal.app,
      call: async (options) => {
        const response = await portal.app.inject(options);
        return { status: response.statusCode, body: response.json(), headers: response.headers };
      },
    };
    const unit = await caller(t, ENTERPRISE);
    for (const [i, guest] of GUESTS.entries()) guestIds.push((await addGuest(unit, t, ENTERPRISE, 700 + i, guest)).id);
    await addGuest(unit, t, ENTERPRISE, 700 + GUESTS.length, { nameZh: '丁其他', nameEn: 'Delta Other', email: 'delta.other@example.com' });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true, locale: 'zh-CN' });
    page = await context.newPage();
    await page.goto(`${portal.baseUrl}/login`);
    await signInWithPassword(page, portal.baseUrl, ORGANISER, 'Summit#2025');
    await waitForPath(page, '/dashboard');
  });

  afterEach(async (test) => {
    if (test.task.result?.state === 'fail' && page) await screenshot(page, `failed-messages-${test.task.name.replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    writeAxeReport();
    await context?.close();
    await browser?.close();
    await portal?.close();
  });

  it('an organiser checks three guests in the guest search and sends them a bilingual message: three e-mails, placeholders filled', async () => {
    await page.goto(`${portal.baseUrl}/admin/guests`);
    await page.locator('#root_name').fill('消息');
    await page.getByRole('button', { name: '查询' }).click();
    // the filtered page: a page loading clears what was checked on the one before, and the unit's
    // fourth guest, whose name does not match, is only gone once the filtered page has come
    await page.getByText('共 3 位嘉宾').waitFor();
    for (const guest of GUESTS) await page.getByRole('checkbox', { name: `选择 ${guest.nameZh}` }).check();
    const message = page.locator('a[data-testid=search-message]');
    expect(await message.getAttribute('href')).toMatch(/guests=([^%]+%2C){2}[^%]+$/);
    await record('guest-search-selected');
    expect(await message.getAttribute('href')).toMatch(/guests=([^%]+%2C){2}[^%]+$/);
    await page.goto(`${portal.baseUrl}${await message.getAttribute('href')}`);
    await page.waitForURL(/\/admin\/messages\?guests=/);
    await page.locator('[data-testid=message-audience-guests]', { hasText: '3' }).waitFor();
    await page.locator('#root_subjectZh').fill('{name}，会议通知');
    await page.locator('#root_subjectEn').fill('Summit notice for {name}');
    await page.locator('#root_bodyZh').fill('尊敬的{name}（{unit}）：请登录 {link} 查看日程。');
    await page.locator('#root_bodyEn').fill('Dear {name} of {unit}: the agenda is at {link}.');
    await record('compose');
    await page.locator('[data-testid=message-send]').click();
    await page.getByText('消息已进入发送队列').waitFor();

    let sent: OutboxMessage[] = [];
    await expect
      .poll(
        async () => {
          sent = (await outbox()).filter((message) => message.subject?.includes('会议通知'));
          return sent.length;
        },
        { timeout: 30_000 },
      )
      .toBe(3);
    for (const guest of GUESTS) {
      const mail = sent.find((message) => message.to === guest.email);
      expect(mail?.subject).toBe(`${guest.nameZh}，会议通知 / Summit notice for ${guest.nameEn}`);
      expect(mail?.body).toContain(`尊敬的${guest.nameZh}（示例跨国企业有限公司）`);
      expect(mail?.body).toContain(`Dear ${guest.nameEn} of 示例跨国企业有限公司`);
      expect(mail?.body).toContain('http://localhost');
      expect(mail?.body).not.toMatch(/\{(name|unit|link)\}/);
    }

    // the message's deliveries, each sent
    const row = page.locator('[data-testid=message-row]', { hasText: '会议通知' });
    await expect.poll(async () => row.innerText(), { timeout: 30_000 }).toMatch(/已发 3/);
    await row.getByRole('link').first().click();
    await page.waitForURL(/\/admin\/messages\/[^/?]+/);
    await expect.poll(async () => page.locator('[data-testid=delivery-row]').count(), { timeout: 30_000 }).toBe(3);
    expect(await page.locator('[data-testid=delivery-state]').allInnerTexts()).toEqual(['已发送', '已发送', '已发送']);
    await record('deliveries');
  });

  it('approving a guest from its record sends the unit the approval message', async () => {
    await page.goto(`${portal.baseUrl}/admin/guests/${guestIds[0]}`);
    const section = page.locator('[data-testid=record-decision]');
    await section.locator('[data-testid=record-decision-submit]').waitFor();
    await section.getByRole('radio', { name: '通过', exact: true }).check();
    await section.locator('[data-testid=record-decision-submit]').click();
    await page.getByRole('dialog', { name: '审核决定' }).getByRole('button', { name: '通过', exact: true }).click();
    await page.locator('[data-testid=guest-record]', { hasText: '审核通过' }).waitFor();
    let approval: OutboxMessage | undefined;
    await expect
      .poll(
        async () => {
          approval = (await outbox()).find((message) => message.to === ENTERPRISE && message.subject === '嘉宾审核通过 / Guest approved');
          return approval !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(approval!.body).toContain('嘉宾 甲消息 已审核通过');
    expect(approval!.body).toContain('the guest 甲消息 has been approved');
  });
});
