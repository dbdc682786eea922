/**
 * Issue 18 point 9 on the real server (a child process) at production hash cost (the default
 * scrypt cost, HASH_CONCURRENCY default), with rate limits, image codes and TRUST_PROXY on:
 * 100 concurrent valid sign-ins from 100 addresses all succeed, the client being the app's own
 * API client (it comes back after a short Retry-After, for its turn, within its time budget), a
 * ticket kept by a client that never came back is honoured at once once the load is over, and a
 * stranger's failures from many addresses never lock the owner out. Both databases.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from '../../src/client/api/http-client.js';
import { SIGNED_IN_MARKER } from '../../src/shared/session-cookie.js';
import { SIGN_IN_TURN_HEADER } from '../../src/shared/api-paths.js';
import { DEFAULT_SCRYPT_LOG2N } from '../../src/server/config.js';
import { describeEachDatabase, isolatedDatabase, type IsolatedDatabase } from '../server/helpers/databases.js';
import { sessionTokenFrom } from '../server/helpers/session-cookie.js';
import { freePort } from '../../scripts/support/free-port.js';
import { ServerProcess } from './support/server-process.js';

/** RELIABILITY_SIGN_INS and RELIABILITY_SCRYPT_LOG2N only for diagnosis on a busy machine; the figures are the defaults */
const SIGN_INS = Number(process.env.RELIABILITY_SIGN_INS || 100);
const LOG2N = process.env.RELIABILITY_SCRYPT_LOG2N || String(DEFAULT_SCRYPT_LOG2N);
const P99_LIMIT_MS = 10_000;
/** sign-ins refused during the load whose clients never come back */
const ABANDONED = 300;
const PASSWORD = 'Summit#2025';
/** the demo accounts that sign in with a password (config/demo-data.json) */
const ACCOUNTS = [
  'enterprise@demo.example.com',
  'enterprise2@demo.example.com',
  'government@demo.example.com',
  'media@demo.example.com',
  'staff@demo.example.com',
  'volunteer@demo.example.com',
  'same-period@demo.example.com',
  'organiser@demo.example.com',
];

const addressOf = (i: number) => `10.${90 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

interface Attempt {
  status: number;
  ms: number;
  retryAfter: string | null;
}

/**
 * The app's API client as one browser at `address` (behind the proxy: X-Forwarded-For): every
 * HTTP attempt is timed, and the session cookie of the answer is kept.
 */
function browserAt(base: string, address: string) {
  const attempts: Attempt[] = [];
  let token = '';
  const client: HttpClient = createHttpClient({
    origin: base,
    isSignedIn: () => false,
    getLanguage: () => 'en',
    ports: {
      t: (key) => key,
      toastError: () => undefined,
      confirm: async () => false,
      navigate: () => undefined,
      clearToken: () => undefined,
      reload: () => undefined,
    },
    fetch: async (input, init) => {
      const request = new Request(input, init);
      request.headers.set('x-forwarded-for', address);
      request.headers.set('origin', base);
      const started = performance.now();
      const response = await fetch(request);
      attempts.push({ status: response.status, ms: performance.now() - started, retryAfter: response.headers.get('retry-after') });
      token ||= sessionTokenFrom(response.headers.getSetCookie());
      return response;
    },
  });
  return { client, attempts, token: () => token };
}

/**
 * An image code and its answer, made by the codes instance: a second process on the same
 * database, loopback only and not trusting a proxy, with the dev outbox on (the instance under
 * test trusts the proxy, so it refuses DEV_OUTBOX). The code is honoured by the instance under test.
 */
let codesBase = '';
async function imageCode(): Promise<{ uuid: string; code: string }> {
  const made = (await (await fetch(`${codesBase}/exhibition/center/front/getVerifyCode`)).json()) as { data: { uuid: string } };
  const outbox = (await (await fetch(`${codesBase}/exhibition/dev/outbox?to=${made.data.uuid}`)).json()) as { data: { code: string }[] };
  return { uuid: made.data.uuid, code: outbox.data[0]?.code ?? '' };
}

describeEachDatabase('sign-in under load and attack at production hash cost (real server process)', (kind) => {
  let database: IsolatedDatabase;
  let dataDir: string;
  let server: ServerProcess;
  let codes: ServerProcess;

  beforeAll(async () => {
    database = await isolatedDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-sign-in-'));
    const env: Record<string, string> = database.env.DATABASE_URL
      ? { DATABASE_URL: database.env.DATABASE_URL, DATABASE_SCHEMA: database.env.DATABASE_SCHEMA! }
      : {};
    server = new ServerProcess(dataDir, await freePort(), {
      ...env,
      // the server's own SCRYPT_P default for this N (OWASP's pair)
      SCRYPT_LOG2N: LOG2N,
      RATE_LIMITS: 'true',
      CAPTCHA_REQUIRED: 'true',
      TRUST_PROXY: 'true',
      DEV_OUTBOX: '',
    });
    // the demo accounts are hashed at the production cost during the start
    await server.start(180_000);
    // started once the first has migrated and seeded; its own limits off: it only makes image codes.
    // No message worker there: it would poll the shared database every 2 s during the measured load
    codes = new ServerProcess(dataDir, await freePort(), {
      ...env,
      SCRYPT_LOG2N: LOG2N,
      RATE_LIMITS: 'false',
      SEED_DEMO_DATA: 'false',
      MESSAGE_WORKER: '0',
    });
    await codes.start(180_000);
    codesBase = codes.baseUrl;
  }, 200_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await codes?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.dispose();
  });

  it(`${SIGN_INS} concurrent valid sign-ins from ${SIGN_INS} addresses all succeed; p99 of the answers at most 10 s`, async () => {
    const base = server.baseUrl;
    const images = await Promise.all(Array.from({ length: SIGN_INS }, () => imageCode()));
    const browsers = images.map((_, i) => browserAt(base, addressOf(i)));
    const started = performance.now();
    // sign-ins refused while the queue is full whose clients never come back (closed tabs): their
    // tickets name turns after everyone else's, so the last is still ahead when the load is over
    const abandoned = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const tickets = await Promise.all(
        Array.from({ length: ABANDONED }, async (_, i) => {
          const response = await fetch(`${base}/exhibition/center/user/front/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.130.${i >> 8}.${i & 255}`, origin: base },
            body: JSON.stringify({ account: ACCOUNTS[0], password: PASSWORD, code: 'AAAA', uuid: `abandoned-${i}` }),
          });
          return response.headers.get(SIGN_IN_TURN_HEADER);
        }),
      );
      return tickets.filter((ticket): ticket is string => ticket !== null);
    })();
    const outcomes = await Promise.all(
      browsers.map(async (browser, i) => {
        const json = { account: ACCOUNTS[i % ACCOUNTS.length], password: PASSWORD, ...images[i] };
        try {
          const data = await browser.client.request<string>('post', 'center/user/front/login', { json, retryWhenBusy: true });
          return { ok: data === SIGNED_IN_MARKER, ms: performance.now() - started, error: '' };
        } catch (error) {
          return { ok: false, ms: performance.now() - started, error: String((error as Error).message) };
        }
      }),
    );
    const attempts = browsers.flatMap((browser) => browser.attempts);
    const answerP99 = percentile(
      attempts.map((a) => a.ms),
      99,
    );
    const signInP99 = percentile(
      outcomes.map((o) => o.ms),
      99,
    );
    const busy = attempts.filter((a) => a.status === 429);
    console.info(
      `[${kind}] scrypt 2^${LOG2N}, ${SIGN_INS} sign-ins: ${outcomes.filter((o) => o.ok).length} succeeded; ${attempts.length} HTTP answers ` +
        `(${busy.length} x 429 with Retry-After ${[...new Set(busy.map((a) => a.retryAfter))].join('/')} s); ` +
        `answer p50 ${Math.round(
          percentile(
            attempts.map((a) => a.ms),
            50,
          ),
        )} ms, p99 ${Math.round(answerP99)} ms, max ${Math.round(Math.max(...attempts.map((a) => a.ms)))} ms; ` +
        `whole sign-in incl. retries p50 ${Math.round(
          percentile(
            outcomes.map((o) => o.ms),
            50,
          ),
        )} ms, p99 ${Math.round(signInP99)} ms`,
    );
    expect(outcomes.filter((o) => !o.ok).map((o) => o.error)).toEqual([]);
    // a refusal is immediate and says when to come back; it is never a refusal without that
    expect(busy.every((a) => Number(a.retryAfter) > 0)).toBe(true);
    expect(answerP99).toBeLessThanOrEqual(P99_LIMIT_MS);
    // every session works
    const tokens = browsers.map((browser) => browser.token());
    expect(new Set(tokens).size).toBe(SIGN_INS);
    const info = await fetch(`${base}/exhibition/center/user/basic/loginInfo?entranceTypes=2`, {
      headers: { authorization: `Bearer ${tokens[SIGN_INS - 1]}` },
    });
    expect(info.status).toBe(200);

    // the load is over and the queue empty: the holder of the furthest ticket still ahead is
    // admitted at once, like a newcomer (it was refused in 10 ms for its whole turn before)
    const held = await abandoned;
    const turnOf = (ticket: string) => Number(ticket.split('.')[0]);
    const furthest = held.sort((a, b) => turnOf(b) - turnOf(a))[0];
    console.info(
      `[${kind}] ${held.length} of ${ABANDONED} abandoned sign-ins got a ticket; the furthest names a turn ` +
        `${furthest ? Math.round((turnOf(furthest) - Date.now()) / 1000) : '-'} s after the load ended`,
    );
    // A machine that hashes the 100 faster than the admission bound never fills the queue, and then
    // hands out no ticket to hold (seen on SQLite at 2^14): nothing to check here. The admission of
    // an early ticket is checked deterministically in tests/server/hash-turns.test.ts.
    if (furthest === undefined || turnOf(furthest) <= Date.now() + 2_000) {
      console.info(`[${kind}] no ticket still ahead after the load: the queue never held a turn past its bound`);
      return;
    }
    const holder = await fetch(`${base}/exhibition/center/user/front/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.131.0.1', origin: base, [SIGN_IN_TURN_HEADER]: furthest! },
      body: JSON.stringify({ account: ACCOUNTS[1], password: PASSWORD, ...(await imageCode()) }),
    });
    expect(holder.status, `the ticket holder's answer after the load (Retry-After ${holder.headers.get('retry-after')})`).toBe(200);
  });

  it("a stranger's wrong passwords from many addresses never lock the owner out", async () => {
    const base = server.baseUrl;
    const owner = 'media@demo.example.com';
    // far past the old lock (10 failures): 30 wrong passwords from 30 addresses, each with a valid image code
    for (let i = 0; i < 30; i += 1) {
      const address = `10.120.0.${i + 1}`;
      const wrong = await fetch(`${base}/exhibition/center/user/front/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address, 'accept-language': 'en' },
        body: JSON.stringify({ account: owner, password: `Wrong#Pass${i}`, ...(await imageCode()) }),
      });
      expect(wrong.status).toBe(400);
    }
    // the owner, from home, with the password and a fresh image code: in at once (the answer
    // may be slowed by the escalation, never refused)
    const started = performance.now();
    const home = browserAt(base, '10.121.0.1');
    const data = await home.client.request<string>('post', 'center/user/front/login', {
      json: { account: owner, password: PASSWORD, ...(await imageCode()) },
      retryWhenBusy: true,
    });
    expect(data).toBe(SIGNED_IN_MARKER);
    expect(home.attempts.map((a) => a.status)).toEqual([200]);
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});
