import type { Page } from 'playwright-core';
import { latestCode } from './outbox';

/** Waits until the client router shows `path` (pathname + search). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForFunction((expected) => window.location.pathname + window.location.search === expected, path, { timeout: 15_000 });
}

/** Password sign-in on the current /login page, answering the image code from the dev outbox. */
export async function signInWithPassword(page: Page, baseUrl: string, account: string, password: string): Promise<void> {
  // Only the password sign-in form has the captcha id: waiting for it first makes sure the
  // previous screen (reset password has #root_account too) is gone before typing.
  await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('#root_uuid')?.value ?? '') !== '');
  await page.locator('#root_account').fill(account);
  await page.locator('#root_password').fill(password);
  // the picture may be fetched twice (mount + refresh): read the uuid the form will send
  await page.waitForTimeout(200);
  const uuid = await page.locator('#root_uuid').inputValue();
  await page.locator('#root_code').fill(await latestCode(baseUrl, uuid));
  await page.locator('[data-testid=submit]').click();
}

/** Sends a message code for `account` from the current form and types it in. */
export async function fillMessageCode(page: Page, baseUrl: string, account: string): Promise<void> {
  await page.locator('[data-testid=send-code]').click();
  await page.locator('[data-testid=send-code]').isDisabled();
  await page.waitForFunction(() => document.querySelector('[data-testid=send-code]')?.hasAttribute('disabled'));
  await page.locator('#root_code').fill(await latestCode(baseUrl, account));
}

export async function signInWithCode(page: Page, baseUrl: string, account: string): Promise<void> {
  await page.getByRole('tab', { name: /验证码登录|Verification code/ }).click();
  await page.locator('#root_account').fill(account);
  await fillMessageCode(page, baseUrl, account);
  await page.locator('[data-testid=submit]').click();
}

export async function logout(page: Page): Promise<void> {
  await page.locator('[data-testid=logout]').click();
  await waitForPath(page, '/login');
}
