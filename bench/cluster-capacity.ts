/**
 * npm run bench:cluster — the figures of docs/CAPACITY.md: the main flows (sign-in, guest save,
 * guest list, photo upload, export) measured with autocannon against the cluster of
 * `npm run cluster` (scripts/cluster/cluster-runner.ts: instances on PostgreSQL and Redis
 * behind nginx), first straight at ONE instance (its own throughput), then through nginx at
 * two. Rate limits and the image code are off (configuration) so a loop can repeat; scrypt and
 * face detection run at their production cost. 10,000 guests in 500 units are seeded first.
 * BENCH_DURATION (s per flow, default 10), BENCH_CONNECTIONS (default 10). Prints markdown.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/server/db/database.js';
import { DataProtection } from '../src/server/security/data-protection.js';
import { loadDataKeyring } from '../src/server/security/data-keys.js';
import { startCluster } from '../scripts/cluster/cluster-runner.js';
import { guestBody } from '../tests/server/helpers/guest-body.js';
import { portrait } from '../tests/server/uploads-fixtures.js';
import { BENCH_GUESTS, BENCH_UNITS, nthResidentId, seedGuests } from './guest-load.js';

const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const UNIT = 'enterprise@demo.example.com';
const ORGANISER = 'organiser@demo.example.com';
const PASSWORD = 'Summit#2025';
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

interface Row {
  flow: string;
  target: string;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  load: string;
}

async function measure(flow: string, target: string, options: autocannon.Options, connections = CONNECTIONS): Promise<Row> {
  const before = load();
  const result = await autocannon({ connections, duration: DURATION_S, ...options });
  return {
    flow,
    target,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    load: before,
  };
}

async function signIn(base: string, account: string): Promise<string> {
  const answer = await fetch(`${base}/exhibition/center/user/front/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: PASSWORD, code: 'ABCD', uuid: 'bench' }),
  });
  const token = ((await answer.json()) as { data: string }).data;
  if (!token) throw new Error(`bench sign-in of ${account} failed (${answer.status})`);
  return token;
}

function multipartPhoto(photo: Buffer): { body: Buffer; contentType: string } {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="rule"\r\n\r\nphoto\r\n--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="photo.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), photo, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** `count` exports of the console's guest workbook at once; seconds until the last is read whole. */
async function exports(base: string, token: string, count: number): Promise<{ seconds: number; bytes: number }> {
  const started = Date.now();
  const sizes = await Promise.all(
    Array.from({ length: count }, async () => {
      const answer = await fetch(`${base}/exhibition/admin/console/export/guests`, { headers: { authorization: `Bearer ${token}` } });
      if (answer.status !== 200) throw new Error(`export answered ${answer.status}`);
      return (await answer.arrayBuffer()).byteLength;
    }),
  );
  return { seconds: (Date.now() - started) / 1000, bytes: sizes[0] ?? 0 };
}

async function main(): Promise<void> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-capacity-'));
  const schema = `capacity_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const lines: string[] = [];
  // before the instances start: the fixture runs face detection itself, slowly on a busy machine
  const photo = multipartPhoto(await portrait());
  const cluster = await startCluster({
    instances: 2,
    workDir,
    databaseUrl: PG_URL,
    databaseSchema: schema,
    redisUrl: REDIS_URL,
    port: 0,
    env: { RATE_LIMITS: 'false', CAPTCHA_REQUIRED: 'false', REDIS_KEY_PREFIX: `bench:${schema}:`, SHUTDOWN_DRAIN_MS: '0' },
  });
  try {
    const { db } = openDatabase({ databaseUrl: PG_URL, databaseSchema: schema, dataDir: workDir });
    // the instances' keys (the runner's shared secrets), so the seeded rows are what they seal and index
    const secrets = JSON.parse(fs.readFileSync(path.join(workDir, 'shared-secrets.json'), 'utf8')) as Record<string, string>;
    const problems: string[] = [];
    const protection = new DataProtection(loadDataKeyring({ env: secrets, dataDir: workDir, production: false, shared: true, problems }));
    if (problems.length > 0) throw new Error(problems.join('; '));
    const seededPhoto = await seedGuests(db, UNIT, protection);
    await db.destroy();
    const one = cluster.instances[0]!.baseUrl;
    const both = cluster.nginx.baseUrl;
    const unit = { authorization: `Bearer ${await signIn(one, UNIT)}` };
    const organiser = await signIn(one, ORGANISER);
    let next = 0;
    const guestSave = (base: string): autocannon.Options => ({
      url: `${base}/exhibition/qms/guest`,
      method: 'POST',
      headers: { ...unit, 'content-type': 'application/json' },
      // every request a new person: the duplicate check refuses a repeated ID number
      requests: [
        { setupRequest: (request) => ({ ...request, body: JSON.stringify(guestBody(nthResidentId(1_000_000 + next++), seededPhoto)) }) },
      ],
    });
    const guestList = (base: string): autocannon.Options => ({
      url: `${base}/exhibition/qms/guest/page?pageNum=1&pageSize=10`,
      headers: unit,
    });
    const upload = (base: string): autocannon.Options => ({
      url: `${base}/exhibition/qms/file/upload`,
      method: 'POST',
      headers: { ...unit, 'content-type': photo.contentType },
      body: photo.body,
    });
    const login = (base: string): autocannon.Options => ({
      url: `${base}/exhibition/center/user/front/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: UNIT, password: PASSWORD, code: 'ABCD', uuid: 'bench' }),
    });
    const rows: Row[] = [];
    for (const [target, base] of [
      ['one instance', one],
      ['nginx, 2 instances', both],
    ] as const) {
      rows.push(await measure('guest list (page 1 of 20)', target, guestList(base)));
      rows.push(await measure('guest save (validate, checks, write)', target, guestSave(base)));
      rows.push(await measure('photo upload (900×1200 JPEG, face detection)', target, upload(base), 4));
      // last: scrypt work still queued when a run ends slows whatever comes next
      rows.push(await measure('sign-in (scrypt N=2^17)', target, login(base), 4));
    }
    const exportLoad = load();
    const single = await exports(one, organiser, 1);
    const four = await exports(both, organiser, 4);
    lines.push(
      `Measured by \`npm run bench:cluster\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, shared with other work (load average beside each figure, 1 / 5 / 15 min before it). PostgreSQL and Redis on the same machine; ${BENCH_GUESTS} guests in ${BENCH_UNITS} units; ${DURATION_S} s per flow, ${CONNECTIONS} connections (uploads and sign-ins 4).`,
      '',
      '| flow | target | req/s | p50 ms | p99 ms | failed | load before |',
      '|---|---|---|---|---|---|---|',
      ...rows.map(
        (row) => `| ${row.flow} | ${row.target} | ${row.rps.toFixed(1)} | ${row.p50} | ${row.p99} | ${row.failed} | ${row.load} |`,
      ),
      '',
      `Export of the console's guest workbook (${BENCH_GUESTS} guests, ${(single.bytes / 1024 / 1024).toFixed(1)} MB): one alone ${single.seconds.toFixed(1)} s; four at once through nginx ${four.seconds.toFixed(1)} s until the last is complete (load before: ${exportLoad}).`,
    );
    console.log(lines.join('\n'));
  } finally {
    await cluster.stop();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
