/**
 * Issue 20 point 4: two instances behind Debian's nginx on PostgreSQL and Redis, each with its
 * own DATA_DIR, one shared UPLOAD_DIR and shared secrets (scripts/cluster/cluster-runner.ts,
 * the same runner as `npm run cluster`). What one instance made, the other honours; the
 * sign-in budget is one across both; a killed instance loses no acknowledged write and the
 * other carries on; a rolling restart under load answers no 5xx.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster, type PortalInstance } from '../../scripts/cluster/cluster-runner.js';
import { sessionTokenFrom } from '../server/helpers/session-cookie.js';
import { CLUSTER_DATABASE_URL, CLUSTER_REDIS_URL, missingPrerequisites } from './prerequisites.js';

const missing = await missingPrerequisites();
const inCi = process.env.CI === 'true';
if (missing.length > 0 && !inCi) console.warn(`cluster suite SKIPPED, missing: ${missing.join('; ')}`);

const API = '/exhibition';
/** CLUSTER_RESTART_ROUNDS: rolling restarts in a row under one load (1 in CI; more for a soak) */
const RESTART_ROUNDS = Number(process.env.CLUSTER_RESTART_ROUNDS || 1);
const PASSWORD = 'Summit#2025';
const ENTERPRISE = 'enterprise@demo.example.com';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: { code?: number; data?: unknown; msg?: string } | null;
  /** the session token of a sign-in answer (its HttpOnly cookie), else '' */
  token: string;
}

async function call(base: string, url: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const response = await fetch(`${base}${API}/${url}`, { ...init, headers, body });
  const text = await response.text();
  let parsed: Answer['body'] = null;
  try {
    parsed = JSON.parse(text) as Answer['body'];
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed, token: sessionTokenFrom(response.headers.getSetCookie()) };
}

/**
 * An image code made by `imageFrom` (its answer read from that instance's dev outbox). The
 * instances behind nginx trust the proxy and so refuse DEV_OUTBOX at start: `imageFrom` is the
 * cluster's codes instance (loopback only, same database), never nginx nor a proxied instance.
 */
async function imageCode(imageFrom: string): Promise<{ uuid: string; code: string }> {
  const made = await call(imageFrom, 'center/front/getVerifyCode');
  const uuid = (made.body?.data as { uuid: string }).uuid;
  const outbox = await call(imageFrom, `dev/outbox?to=${uuid}`);
  return { uuid, code: (outbox.body?.data as { code: string }[])[0]?.code ?? '' };
}

async function signIn(base: string, account: string, imageFrom = base): Promise<string> {
  const image = await imageCode(imageFrom);
  const answer = await call(base, 'center/user/front/login', { method: 'POST', json: { account, password: PASSWORD, ...image } });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(answer)}`);
  return answer.token;
}

const vehicle = (tag: string) => ({
  plateNumber: '鲁B12345',
  vehicleType: 'sedan',
  seats: 5,
  driverName: '孙司机',
  driverMobile: '13912345670',
  arrivalTime: '2027-06-17T08:00:00+08:00',
  purpose: 'guest-transport',
  passengers: tag,
});

interface LoadResult {
  /** every answer: when the request started (ms since epoch) and its status (0 = network error) */
  answers: { startedAt: number; status: number; method: string }[];
  /** ids of vehicles whose creation was acknowledged (200) */
  acknowledged: string[];
}

/** Mixed load through nginx until `until` resolves: writes (vehicles) and reads (lists, the edition). */
async function mixedLoad(base: string, token: string, workers: number, until: Promise<unknown>): Promise<LoadResult> {
  const result: LoadResult = { answers: [], acknowledged: [] };
  let done = false;
  void until.finally(() => (done = true));
  // a fresh connection per request, as nginx opens one per request to an instance: a browser
  // resends a request whose reused keep-alive connection closed under it (nginx's old workers
  // close theirs at a reload); fetch does not, and this suite is about the instances, not that
  const fresh = { connection: 'close' };
  const worker = async (index: number) => {
    for (let i = 0; !done; i += 1) {
      const startedAt = Date.now();
      const write = (i + index) % 2 === 0;
      try {
        const answer = write
          ? await call(base, 'qms/vehicle', { method: 'POST', token, headers: fresh, json: vehicle(`load-${index}-${i}`) })
          : await call(base, i % 3 === 0 ? 'qms/edition/current' : 'qms/vehicle/page?pageSize=5', { token, headers: fresh });
        result.answers.push({ startedAt, status: answer.status, method: write ? 'POST' : 'GET' });
        if (write && answer.status === 200) result.acknowledged.push((answer.body?.data as { id: string }).id);
      } catch {
        result.answers.push({ startedAt, status: 0, method: write ? 'POST' : 'GET' });
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, index) => worker(index)));
  return result;
}

function suite(): void {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-cluster-'));
  const schema = `cluster_${randomBytes(5).toString('hex')}`;
  let cluster: Cluster;
  let proxy: string;
  let first: PortalInstance;
  let second: PortalInstance;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: CLUSTER_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    cluster = await startCluster({
      instances: 2,
      workDir,
      databaseUrl: CLUSTER_DATABASE_URL,
      databaseSchema: schema,
      redisUrl: CLUSTER_REDIS_URL,
      port: 0,
      codes: true,
      // cheap hashes: this suite is about sharing, not hash cost; limits on as in production
      env: {
        SCRYPT_LOG2N: '12',
        RATE_LIMITS: 'true',
        REDIS_KEY_PREFIX: `test:${schema}:`,
        SHUTDOWN_GRACE_MS: '20000',
        SHUTDOWN_DRAIN_MS: '1000',
      },
    });
    proxy = cluster.nginx.baseUrl;
    [first, second] = cluster.instances as [PortalInstance, PortalInstance];
  });

  afterAll(async () => {
    await cluster?.stop();
    const admin = new pg.Client({ connectionString: CLUSTER_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('both instances seeded once from one database, both ready', async () => {
    const admin = new pg.Client({ connectionString: CLUSTER_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: string }>(`select count(*) as n from ${schema}.accounts where account = $1`, [ENTERPRISE]);
      expect(Number(rows[0]?.n)).toBe(1);
      const editions = await admin.query<{ n: string }>(`select count(*) as n from ${schema}.editions where is_current = 1`);
      expect(Number(editions.rows[0]?.n)).toBe(1);
    } finally {
      await admin.end();
    }
    for (const instance of cluster.instances) expect((await fetch(`${instance.baseUrl}/readyz`)).status).toBe(200);
  });

  it('honours on one instance the session, image code and upload made through the other', async () => {
    // image code made by the codes instance, answered to the second
    const token = await signIn(second.baseUrl, ENTERPRISE, cluster.codes!.baseUrl);
    expect((await call(first.baseUrl, 'qms/notice-announce/myUnReadNoticeCount', { token })).status).toBe(200);
    const card = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 240, g: 240, b: 230 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('rule', 'businessCard');
    form.append('file', new Blob([new Uint8Array(card)], { type: 'image/png' }), 'card.png');
    const uploaded = await call(first.baseUrl, 'qms/file/upload', { method: 'POST', token, body: form });
    expect(uploaded.status).toBe(200);
    const id = (uploaded.body?.data as { id: string }).id;
    const readBack = await fetch(`${second.baseUrl}${API}/qms/file/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(readBack.status).toBe(200);
    expect(Buffer.from(await readBack.arrayBuffer()).equals(card)).toBe(true);
    // and through nginx, whichever instance answers
    for (let i = 0; i < 4; i += 1)
      expect((await fetch(`${proxy}${API}/qms/file/${id}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    // an upload through nginx (its body over nginx's 128 KB buffer, so nginx spools it to a
    // temp file first), read back from each instance
    const large = await sharp({
      create: {
        width: 640,
        height: 400,
        channels: 3,
        background: { r: 128, g: 128, b: 128 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    expect(large.length).toBeGreaterThan(128 * 1024);
    const proxied = new FormData();
    proxied.append('rule', 'businessCard');
    proxied.append('file', new Blob([new Uint8Array(large)], { type: 'image/png' }), 'card.png');
    const viaProxy = await call(proxy, 'qms/file/upload', { method: 'POST', token, body: proxied });
    expect(viaProxy.status).toBe(200);
    const proxiedId = (viaProxy.body?.data as { id: string }).id;
    for (const instance of [first, second]) {
      const back = await fetch(`${instance.baseUrl}${API}/qms/file/${proxiedId}`, { headers: { authorization: `Bearer ${token}` } });
      expect(Buffer.from(await back.arrayBuffer()).equals(large)).toBe(true);
    }
  });

  it('meets the shared sign-in budget at the 101st of 110 failed sign-ins alternating between instances', async () => {
    // straight to the instances (TRUST_PROXY: the client address is the forwarded one)
    const statuses: number[] = [];
    for (let i = 0; i < 110; i += 1) {
      const instance = i % 2 === 0 ? first : second;
      const answer = await call(instance.baseUrl, 'center/user/front/login', {
        method: 'POST',
        headers: { 'x-forwarded-for': '10.77.0.1' },
        json: { account: `budget${i}@example.com`, password: 'Wrong#Pass1', code: 'ABCD', uuid: 'none' },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 100).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(100)).toEqual(Array(10).fill(429));
  });

  it('loses no acknowledged write when an instance is killed under load, and carries on through the other', async () => {
    const token = await signIn(proxy, ENTERPRISE, cluster.codes!.baseUrl);
    let killedAt = 0;
    const kill = (async () => {
      await sleep(3_000);
      await first.stop('SIGKILL');
      killedAt = Date.now();
      await sleep(5_000);
    })();
    const load = await mixedLoad(proxy, token, 6, kill);
    expect(killedAt).toBeGreaterThan(0);
    const after = load.answers.filter((answer) => answer.startedAt > killedAt);
    expect(after.length).toBeGreaterThan(20);
    expect(after.filter((answer) => answer.status !== 200)).toEqual([]);
    // every acknowledged vehicle is in the database, read through the surviving instance
    const admin = new pg.Client({ connectionString: CLUSTER_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ id: string }>(`select id from ${schema}.content_records where id = any($1)`, [
        load.acknowledged,
      ]);
      expect(load.acknowledged.length).toBeGreaterThan(10);
      expect(new Set(rows.map((row) => row.id))).toEqual(new Set(load.acknowledged));
    } finally {
      await admin.end();
    }
    await first.start();
  });

  it('on SIGTERM keeps serving for the drain period with /readyz 503 and Connection: close, then exits 0', async () => {
    const stopped = second.stop('SIGTERM');
    await sleep(150);
    const ready = await fetch(`${second.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { status: string }).status).toBe('draining');
    const served = await fetch(`${second.baseUrl}${API}/qms/edition/current`);
    expect(served.status).toBe(200);
    expect(served.headers.get('connection')).toBe('close');
    expect(await stopped).toBe(0);
    await expect(fetch(`${second.baseUrl}/healthz`)).rejects.toThrow();
    await second.start();
  });

  // The rolling restart as deploy/nginx.conf describes it (cluster.restart): each instance is
  // taken out of the upstream (reload) before its SIGTERM, drains, restarts, goes back in.
  // Without the first step about one POST in 6,000 met a 502: a connection nginx opened just
  // before the port closed is reset with its request sent, and a POST is (rightly) not retried.
  it(
    'answers no 5xx during a rolling restart under load',
    async () => {
      const token = await signIn(proxy, ENTERPRISE, cluster.codes!.baseUrl);
      const restart = (async () => {
        await sleep(1_500);
        for (let round = 0; round < RESTART_ROUNDS; round += 1) {
          for (const instance of [first, second]) {
            expect(await cluster.restart(instance)).toBe(0);
            await sleep(1_000);
          }
        }
      })();
      const load = await mixedLoad(proxy, token, 6, restart);
      await restart;
      const posts = load.answers.filter((answer) => answer.method === 'POST').length;
      console.log(
        `rolling restart (${RESTART_ROUNDS} round(s)): ${load.answers.length} requests (${posts} POST), ${load.acknowledged.length} writes acknowledged`,
      );
      expect(load.answers.length).toBeGreaterThan(50);
      const failures = load.answers.filter((answer) => answer.status >= 500 || answer.status === 0);
      expect(failures).toEqual([]);
      expect(load.answers.filter((answer) => answer.status !== 200)).toEqual([]);
    },
    300_000 * RESTART_ROUNDS,
  );
}

if (missing.length === 0) describe('two instances behind nginx [postgres, redis]', suite);
else if (inCi) {
  describe('two instances behind nginx [postgres, redis]', () => {
    it('needs nginx, PostgreSQL and Redis', () => {
      throw new Error(`CI=true and missing: ${missing.join('; ')}`);
    });
  });
} else {
  describe.skip(`two instances behind nginx skipped: missing ${missing.join('; ')}`, () => {
    it('skipped', () => undefined);
  });
}
