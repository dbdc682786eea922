import { expect, it, describe, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { OutgoingMessage } from '../../src/server/outbox/delivery.js';
import { describeEachDatabase, isolatedDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';

const SEND_CODE = '/exhibition/center/front/anonMsgCode';

async function waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not reached');
}

describeEachDatabase('outbox', (kind) => {
  const t = useTestApp(kind);

  it('lists messages newest first, filtered by recipient, with the code in clear', async () => {
    await t.call({ method: 'POST', url: SEND_CODE, payload: { account: 'first@new.example.com', scene: 'register' } });
    // times have millisecond resolution: make sure the two differ
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.call({ method: 'POST', url: SEND_CODE, payload: { account: '13600000001', scene: 'register' } });
    const all = await t.call<{ to: string; channel: string; code: string }[]>({ method: 'GET', url: '/exhibition/dev/outbox' });
    expect(all.body.data[0]?.to).toBe('13600000001');
    const one = await t.call<{ to: string; channel: string; code: string; body: string }[]>({
      method: 'GET',
      url: '/exhibition/dev/outbox?to=first@new.example.com',
    });
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0]).toMatchObject({ channel: 'email', to: 'first@new.example.com' });
    expect(one.body.data[0]?.body).toContain(one.body.data[0]?.code);
  });

  it('writes the message text in the language of the request', async () => {
    await t.call({
      method: 'POST',
      url: SEND_CODE,
      headers: { 'accept-language': 'en' },
      payload: { account: 'english@new.example.com', scene: 'register' },
    });
    const { body } = await t.call<{ subject: string; body: string }[]>({
      method: 'GET',
      url: '/exhibition/dev/outbox?to=english@new.example.com',
    });
    expect(body.data[0]?.body).toMatch(/^Your verification code is/);
    expect(body.data[0]?.subject).toContain('verification code');
  });
});

describe('outbox transports', () => {
  const apps: FastifyInstance[] = [];
  const disposals: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const dispose of disposals) await dispose();
  });

  async function app(env: Record<string, string>, sms?: (m: OutgoingMessage) => Promise<void>) {
    const database = await isolatedDatabase('sqlite');
    disposals.push(database.dispose);
    const instance = await buildApp(loadConfig({ SCRYPT_LOG2N: '10', RATE_LIMITS: 'false', ...database.env, ...env }), {
      logger: false,
      ...(sms ? { smsTransport: { deliver: sms } } : {}),
    });
    apps.push(instance);
    return instance;
  }

  it('hands SMS to the configured provider and marks the row sent', async () => {
    const delivered: OutgoingMessage[] = [];
    const instance = await app({ DEV_OUTBOX: '1' }, async (message) => {
      delivered.push(message);
    });
    const response = await instance.inject({ method: 'POST', url: SEND_CODE, payload: { account: '13600000002', scene: 'register' } });
    expect(response.statusCode).toBe(200);
    const row = await waitFor(() => instance.db.selectFrom('outbox').selectAll().where('status', '=', 'sent').executeTakeFirst());
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.body).toContain(row.dev_code!);
  });

  it('answers at once and records a failed SMTP delivery', async () => {
    const instance = await app({ SMTP_URL: 'smtp://127.0.0.1:1' });
    const response = await instance.inject({
      method: 'POST',
      url: SEND_CODE,
      payload: { account: 'smtp@new.example.com', scene: 'register' },
    });
    expect(response.statusCode).toBe(200);
    const row = await waitFor(() => instance.db.selectFrom('outbox').selectAll().where('status', '=', 'failed').executeTakeFirst());
    expect(row.recipient).toBe('smtp@new.example.com');
  });

  it('keeps no code in clear in production', async () => {
    const instance = await app({
      NODE_ENV: 'production',
      RATE_LIMITS: 'true',
      SCRYPT_LOG2N: '17',
      SESSION_SECRET: 's'.repeat(40),
      CODE_SECRET: 'c'.repeat(40),
      DATA_KEY: 'a'.repeat(64),
      DATA_INDEX_KEY: 'b'.repeat(64),
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
    await instance.inject({ method: 'POST', url: SEND_CODE, payload: { account: 'prod@new.example.com', scene: 'register' } });
    const row = await instance.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.dev_code).toBeNull();
    expect(row.body).toContain('****');
    expect((await instance.inject({ method: 'GET', url: '/exhibition/dev/outbox' })).statusCode).toBe(404);
  });
});
