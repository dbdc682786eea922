import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type BuildOptions } from '../../../src/server/app.js';
import { AccountNames } from '../../../src/server/auth/account-names.js';
import { loadConfig } from '../../../src/server/config.js';
import type { Envelope } from '../../../src/shared/envelope.js';
import type { OutboxMessage, VerifyCodeData } from '../../../src/shared/api-types.js';
import { isolatedDatabase, type DatabaseKind } from './databases.js';
import { sessionTokenFrom } from './session-cookie.js';
import { TEST_ENV } from './test-env.js';

export const DEMO_PASSWORD = 'Summit#2025';
export const DEMO_ENTERPRISE = 'enterprise@demo.example.com';
export const DEMO_GUEST = '13800000007';

export interface TestApp {
  app: FastifyInstance;
  call<T = unknown>(options: InjectOptions): Promise<{ status: number; body: Envelope<T>; headers: Record<string, unknown> }>;
}

/** One app on one fresh database for the surrounding describe block. */
export function useTestApp(kind: DatabaseKind, env: Record<string, string> = {}, options: BuildOptions = {}): TestApp {
  let dispose: () => Promise<void> = async () => undefined;
  const holder = {} as TestApp;
  beforeAll(async () => {
    const database = await isolatedDatabase(kind);
    const app = await buildApp(loadConfig({ ...TEST_ENV, ...database.env, ...env }), { logger: false, ...options });
    holder.app = app;
    dispose = async () => {
      await app.close();
      await database.dispose();
    };
  });
  afterAll(async () => dispose());
  holder.call = async <T>(options: InjectOptions) => {
    const response = await holder.app.inject(options);
    return { status: response.statusCode, body: response.json() as Envelope<T>, headers: response.headers };
  };
  return holder;
}

export async function outbox(t: TestApp, to: string): Promise<OutboxMessage[]> {
  const { body } = await t.call<OutboxMessage[]>({ method: 'GET', url: `/exhibition/dev/outbox?to=${encodeURIComponent(to)}` });
  return body.data;
}

export async function captcha(t: TestApp): Promise<{ uuid: string; code: string }> {
  const { body } = await t.call<VerifyCodeData>({ method: 'GET', url: '/exhibition/center/front/getVerifyCode' });
  const [message] = await outbox(t, body.data.uuid);
  return { uuid: body.data.uuid, code: message?.code ?? '' };
}

export async function passwordLogin(t: TestApp, account: string, password: string, language = 'zh-CN') {
  const { uuid, code } = await captcha(t);
  return t.call<string>({
    method: 'POST',
    url: '/exhibition/center/user/front/login',
    headers: { 'accept-language': language },
    payload: { account, password, code, uuid },
  });
}

export async function tokenFor(t: TestApp, account = DEMO_ENTERPRISE, password = DEMO_PASSWORD): Promise<string> {
  const { status, body, headers } = await passwordLogin(t, account, password);
  if (status !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return sessionTokenFrom(headers['set-cookie']);
}

/** Sends a code (skipping the 60 s resend interval) and reads it from the dev outbox. */
export async function messageCode(t: TestApp, account: string, scene: string): Promise<string> {
  await forgetCodeTimes(t, account);
  const { status, body } = await t.call({ method: 'POST', url: '/exhibition/center/front/anonMsgCode', payload: { account, scene } });
  if (status !== 200) throw new Error(`code sending failed: ${JSON.stringify(body)}`);
  const [message] = await outbox(t, account);
  return message?.code ?? '';
}

/** Lets a test ask for another code at once (the resend interval is 60 s). */
export async function forgetCodeTimes(t: TestApp, target: string): Promise<void> {
  // a mobile's codes are stored under its blind index (issue 18), an e-mail's under the address
  const stored = new AccountNames(t.app.services.protection).key(target);
  await t.app.db
    .updateTable('one_time_codes')
    .set({ created_at: '2000-01-01T00:00:00.000Z' })
    .where('target', 'in', [target, stored])
    .execute();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
