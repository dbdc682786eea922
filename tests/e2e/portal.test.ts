import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations, writeAxeReport } from './support/artefacts';
import { chromiumAvailable, launchChromium } from './support/chromium';
import { fillMessageCode, logout, signInWithCode, signInWithPassword, waitForPath } from './support/portal-pages';
import { startPortal, type RunningPortal } from './support/portal-server';

const DEMO_PASSWORD = 'Summit#2025';
const run = chromiumAvailable();

describe.skipIf(!run)('portal in Chromium', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  /** A fresh browser context (no cookie, no storage) with a desktop window. */
  async function freshPage(width = 1280): Promise<Page> {
    await context?.close();
    // bypassCSP only so axe-core can be injected; the app itself runs under the server's CSP
    context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true, locale: 'zh-CN' });
    page = await context.newPage();
    return page;
  }

  async function open(path: string): Promise<void> {
    await page.goto(`${portal.baseUrl}${path}`);
  }

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchChromium();
  });

  afterEach(async (context) => {
    // what the page looked like when a scenario failed
    if (context.task.result?.state === 'fail' && page) await screenshot(page, `failed-${context.task.name.replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    const impacts = writeAxeReport();
    console.log('axe violations by impact:', JSON.stringify(impacts));
    await context?.close();
    await browser?.close();
    await portal?.close();
  });

  it('sends visitors to /login with the target, keeps open routes open', async () => {
    await freshPage();
    await open('/dashboard');
    await waitForPath(page, '/login?redirect=%2Fdashboard');
    await page.getByRole('button', { name: '登录' }).waitFor();
    expect(await page.title()).toBe('登录 - 跨国公司领导人峰会');
    await screenshot(page, 'login');
    expect(await seriousViolations(page, 'login')).toEqual([]);

    await open('/');
    await waitForPath(page, '/login');
    await open('/some/unknown/page');
    await waitForPath(page, '/login?redirect=%2Fsome%2Funknown%2Fpage');
    await open('/notice');
    await waitForPath(page, '/login?redirect=%2Fnotice');

    for (const path of ['/guide', '/privacy-policy', '/choose', '/registerFrontUser', '/resetPwd', '/tempGroupMediaRegister']) {
      await open(path);
      await page.locator('h1').first().waitFor();
      await waitForPath(page, path);
      expect(await page.locator('[data-testid=go-login]').count()).toBe(path === '/login' ? 0 : 1);
    }
    expect(await seriousViolations(page, 'temporary-registration')).toEqual([]);
  });

  it('shows the 403 and 404 pages', async () => {
    await freshPage();
    await open('/403');
    await page.locator('[data-testid=error-403]').waitFor();
    expect(await page.locator('[data-testid=error-403]').innerText()).toContain('请联系系统管理员');
    await screenshot(page, 'forbidden');
    expect(await seriousViolations(page, '403')).toEqual([]);
    await open('/404');
    await page.locator('[data-testid=error-404]').waitFor();
    await screenshot(page, 'not-found');
    expect(await seriousViolations(page, '404')).toEqual([]);
  });

  it('registers a unit account and signs in with password and image code', async () => {
    await freshPage();
    await open('/choose');
    await page.locator('[data-testid=choose-enterprise]').waitFor();
    await screenshot(page, 'choose');
    expect(await seriousViolations(page, 'choose')).toEqual([]);
    await page.locator('[data-testid=choose-enterprise]').click();
    await waitForPath(page, '/registerFrontUser?type=enterprise');

    const account = 'new-unit@e2e.example.com';
    const password = 'Zq#7mK9x!p';
    // the terms are never ticked for the user: not when the form opens, not once another field changes
    await page.locator('#root_agreeTerms').waitFor();
    expect(await page.locator('#root_agreeTerms').isChecked()).toBe(false);
    await page.locator('#root_unitName').fill('测试跨国公司');
    expect(await page.locator('#root_agreeTerms').isChecked()).toBe(false);
    await page.locator('#root_name').fill('李四');
    await page.locator('#root_account').fill(account);
    await fillMessageCode(page, portal.baseUrl, account);
    await page.locator('#root_password').fill(password);
    await page.locator('#root_confirmPassword').fill(password);
    expect(await page.locator('#root_agreeTerms').isChecked()).toBe(false);
    await page.locator('#root_agreeTerms').check();
    await screenshot(page, 'register');
    expect(await seriousViolations(page, 'register')).toEqual([]);
    await page.locator('[data-testid=submit]').click();
    await waitForPath(page, '/login');
    await page.locator('[data-testid=toast]').waitFor();

    await signInWithPassword(page, portal.baseUrl, account, password);
    await waitForPath(page, '/dashboard');
    await page.locator('[data-testid=dashboard]').waitFor();
    expect(await page.locator('[data-testid=user-name]').innerText()).toBe('李四');
    expect(await page.title()).toBe('参会指南 - 跨国公司领导人峰会');
    expect(await page.locator('[data-testid=dashboard]').innerText()).toContain('2 步');
    await screenshot(page, 'dashboard');
    expect(await seriousViolations(page, 'dashboard')).toEqual([]);
  });

  it('applies every signed-in guard and redirect rule', async () => {
    await freshPage();
    await open('/myNotice');
    await waitForPath(page, '/login?redirect=%2FmyNotice');
    await signInWithPassword(page, portal.baseUrl, 'media@demo.example.com', DEMO_PASSWORD);
    // back to the target after sign-in
    await waitForPath(page, '/myNotice');
    await page.locator('[data-testid=notice-list]').waitFor();

    const rules: [string, string][] = [
      ['/login', '/'],
      ['/choose', '/'],
      ['/', '/dashboard'],
      ['/notice', '/myNotice'],
      ['/redirect/myNotice', '/myNotice'],
      ['/no/such/page', '/404'],
    ];
    for (const [from, to] of rules) {
      await open(from);
      await waitForPath(page, to === '/' ? '/dashboard' : to);
    }
    await page.locator('[data-testid=error-404]').waitFor();
    // menu routes from the server are children of the layout
    await open('/account/password');
    await page.locator('#root_oldPassword').waitFor();
    await screenshot(page, 'change-password');
    expect(await seriousViolations(page, 'change-password')).toEqual([]);
    await open('/account/change');
    await page.locator('#root_newAccount').waitFor();
    expect(await page.locator('#root_account').inputValue()).toBe('media@demo.example.com');
    expect(await seriousViolations(page, 'change-account')).toEqual([]);

    await logout(page);
    await open('/dashboard');
    await waitForPath(page, '/login?redirect=%2Fdashboard');
  });

  it('signs in with a mobile code', async () => {
    await freshPage();
    await open('/login');
    await signInWithCode(page, portal.baseUrl, '13800000007');
    await waitForPath(page, '/dashboard');
    expect(await page.locator('[data-testid=user-name]').innerText()).toBe('周嘉宾');
  });

  it('resets the password, then signs in with the new one', async () => {
    await freshPage();
    await open('/login');
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await waitForPath(page, '/resetPwd');
    const account = 'staff@demo.example.com';
    const password = 'Nw#8rT5y!q';
    await page.locator('#root_account').fill(account);
    await fillMessageCode(page, portal.baseUrl, account);
    await page.locator('#root_password').fill(password);
    await page.locator('#root_confirmPassword').fill(password);
    await screenshot(page, 'reset-password');
    expect(await seriousViolations(page, 'reset-password')).toEqual([]);
    await page.locator('[data-testid=submit]').click();
    await waitForPath(page, '/login');
    await signInWithPassword(page, portal.baseUrl, account, password);
    await waitForPath(page, '/dashboard');
  });

  it('drops the unread dot after reading the last unread notice', async () => {
    await freshPage();
    await open('/login');
    await signInWithPassword(page, portal.baseUrl, 'government@demo.example.com', DEMO_PASSWORD);
    await waitForPath(page, '/dashboard');
    await page.locator('[data-testid=unread-dot]').waitFor();
    await page.locator('[data-testid=notice-link]').click();
    await waitForPath(page, '/myNotice');
    await page.locator('[data-testid=notice-list]').waitFor();
    await screenshot(page, 'notices');
    expect(await seriousViolations(page, 'notices')).toEqual([]);
    while ((await page.locator('[data-testid=read-false]').count()) > 0) {
      await page.locator('[data-testid=read-false]').first().click();
      await page.locator('[data-testid=notice-detail]').waitFor();
      await page.getByRole('link', { name: '返回列表' }).click();
      await page.locator('[data-testid=notice-list]').waitFor();
    }
    await page.locator('[data-testid=unread-dot]').waitFor({ state: 'detached' });
    await page.locator('[data-testid=notice-list-row]').first().click();
    await page.locator('[data-testid=notice-detail]').waitFor();
    await screenshot(page, 'notice-detail');
    expect(await seriousViolations(page, 'notice-detail')).toEqual([]);
  });

  it('collapses the sidebar at 800 px wide', async () => {
    await freshPage(800);
    await open('/login');
    await signInWithPassword(page, portal.baseUrl, 'volunteer@demo.example.com', DEMO_PASSWORD);
    await waitForPath(page, '/dashboard');
    await page.locator('[data-mobile=true]').waitFor();
    expect(await page.locator('[data-testid=sidebar-menu]').isVisible()).toBe(false);
    await screenshot(page, 'dashboard-800px');
    await page.locator('[data-testid=sidebar-toggle]').click();
    await page.locator('[data-testid=sidebar-menu]').waitFor();
    await screenshot(page, 'sidebar-open-800px');
  });

  it('switches the language and remembers it', async () => {
    await freshPage();
    await open('/guide');
    await page.locator('h1').first().waitFor();
    await screenshot(page, 'guide');
    expect(await seriousViolations(page, 'guide')).toEqual([]);
    await page.locator('[data-testid=language-selector]').click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: 'English' }).click()]);
    await page.locator('h1', { hasText: 'Registration guide' }).waitFor();
    expect(await page.title()).toBe('Registration guide - Multinationals Summit');
    await open('/privacy-policy');
    await page.locator('h1', { hasText: 'Privacy policy' }).waitFor();
    await screenshot(page, 'privacy-policy-en');
    expect(await seriousViolations(page, 'privacy-policy')).toEqual([]);
  });
});
