/**
 * npm run bench:server — autocannon against the real app (in-process, random loopback port)
 * and a bare Fastify hello-world measured in the same run. Reports req/s, p50, p99 and each
 * route's ratio to the bare server, for SQLite and for PostgreSQL when reachable.
 * Rate limits and the image code are switched off (configuration) so the loop can repeat;
 * scrypt runs at the production cost, so password sign-in shows the real hashing cost.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { probePostgres } from '../scripts/support/probe-postgres.js';
import { guestBody } from '../tests/server/helpers/guest-body.js';
import { sessionTokenFrom } from '../tests/server/helpers/session-cookie.js';
import { BENCH_GUESTS, BENCH_UNITS, nthResidentId, seedGuests } from './guest-load.js';

const DURATION_S = Number(process.env.BENCH_DURATION || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ACCOUNT = 'enterprise@demo.example.com';
const PASSWORD = 'Summit#2025';

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  const failures = result.non2xx + result.errors;
  if (failures > 0) console.warn(`  ${name}: ${failures} failed requests`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function bare(): Promise<Row> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  const url = await listen(app);
  try {
    return await measure('bare fastify hello-world', { url });
  } finally {
    await app.close();
  }
}

async function benchDatabase(kind: 'sqlite' | 'postgres', phase: 'reads' | 'guests' | 'sign-in'): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-bench-'));
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = kind === 'postgres' ? new pg.Client({ connectionString: PG_URL }) : null;
  if (admin) {
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
  }
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(dataDir, 'none'),
    RATE_LIMITS: 'false',
    CAPTCHA_REQUIRED: 'false',
    LOG_LEVEL: 'silent',
    ...(kind === 'postgres' ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema } : {}),
  };
  const app = await buildApp(loadConfig(env), { logger: false });
  try {
    const url = await listen(app);
    const loginBody = JSON.stringify({ account: ACCOUNT, password: PASSWORD, code: 'ABCD', uuid: 'bench' });
    const login = await fetch(`${url}/exhibition/center/user/front/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    });
    // the token is the answer's HttpOnly session cookie; sent back as a bearer token
    const token = sessionTokenFrom(login.headers.getSetCookie());
    if (!token) throw new Error('bench sign-in failed');
    const auth = { authorization: `Bearer ${token}` };
    if (phase === 'guests') {
      const photo = await seedGuests(app.db, ACCOUNT, app.services.protection);
      const json = { ...auth, 'content-type': 'application/json' };
      let next = 0;
      return [
        await measure(`[${kind}] GET guest page (1 of ${BENCH_UNITS} units, ${BENCH_GUESTS} guests)`, {
          url: `${url}/exhibition/qms/guest/page?pageNum=1&pageSize=10`,
          headers: auth,
        }),
        await measure(`[${kind}] POST guest (validate + checks + write)`, {
          url: `${url}/exhibition/qms/guest`,
          method: 'POST',
          headers: json,
          // every request a new person: the duplicate check would refuse a repeated ID number
          requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(guestBody(nthResidentId(next++), photo)) }) }],
        }),
      ];
    }
    if (phase === 'reads') {
      return [
        await measure(`[${kind}] GET loginInfo`, { url: `${url}/exhibition/center/user/basic/loginInfo?entranceTypes=2`, headers: auth }),
        await measure(`[${kind}] GET myUnReadNoticeCount`, {
          url: `${url}/exhibition/qms/notice-announce/myUnReadNoticeCount`,
          headers: auth,
        }),
      ];
    }
    return [
      await measure(`[${kind}] POST login (scrypt N=2^17)`, {
        url: `${url}/exhibition/center/user/front/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: loginBody,
      }),
    ];
  } finally {
    await app.close();
    if (admin) {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(rows: Row[], baseline: Row): void {
  const header = ['route', 'req/s', 'p50 ms', 'p99 ms', 'ratio to bare'];
  const lines = rows.map((row) => [row.name, row.rps.toFixed(0), String(row.p50), String(row.p99), (row.rps / baseline.rps).toFixed(3)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<void> {
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per route, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  // the bare server is measured again right before each database, so each ratio compares
  // runs made under the same machine load (other work on a small machine skews them otherwise)
  const kinds: ('sqlite' | 'postgres')[] = ['sqlite'];
  if (await probePostgres(PG_URL)) kinds.push('postgres');
  else console.log(`PostgreSQL not reachable at ${PG_URL}: skipped`);
  let baseline: Row | null = null;
  for (const kind of kinds) {
    baseline = await bare();
    print([baseline, ...(await benchDatabase(kind, 'reads')), ...(await benchDatabase(kind, 'guests'))], baseline);
  }
  // sign-in last: scrypt work still queued when a run ends would slow whatever came next
  const signIns: Row[] = [];
  for (const kind of kinds) signIns.push(...(await benchDatabase(kind, 'sign-in')));
  if (baseline) print(signIns, baseline);
  console.log('Aim (reported, not asserted): authenticated reads at >= 0.5 of the bare server.');
}

await main();
