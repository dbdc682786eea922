/**
 * One instance loses its database (its network route to PostgreSQL drops: a TCP relay the
 * test owns is closed with every connection through it) while the other keeps it, behind
 * deploy/nginx.conf. The instance must live, say so (/readyz 503 `database: failed`, requests
 * 503 serviceUnavailable), nginx must take it out from those 503s (passive max_fails) so that
 * reads through nginx keep succeeding, and once the route is back the instance serves again
 * within 10 s without a restart.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/cluster/cluster-runner.js';
import { freePort } from '../../scripts/support/free-port.js';
import { sessionTokenFrom } from '../server/helpers/session-cookie.js';
import { CLUSTER_DATABASE_URL, CLUSTER_REDIS_URL, missingPrerequisites } from './prerequisites.js';

const missing = await missingPrerequisites();
const inCi = process.env.CI === 'true';
if (missing.length > 0 && !inCi) console.warn(`database-away cluster test SKIPPED, missing: ${missing.join('; ')}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP relay to PostgreSQL that can be cut (port closed, every connection through it destroyed) and opened again. */
class DatabaseRoute {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

async function get(base: string, url: string, token: string): Promise<number> {
  try {
    const response = await fetch(`${base}/exhibition/${url}`, { headers: { authorization: `Bearer ${token}`, connection: 'close' } });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

(missing.length === 0 || inCi ? describe : describe.skip)('an instance whose database is away, behind nginx [postgres, redis]', () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-db-away-'));
  const schema = `away_${randomBytes(5).toString('hex')}`;
  const database = new URL(CLUSTER_DATABASE_URL);
  let route: DatabaseRoute;
  let cluster: Cluster;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: CLUSTER_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    route = new DatabaseRoute(await freePort(), { host: database.hostname, port: Number(database.port || 5432) });
    await route.open();
    const viaRoute = new URL(CLUSTER_DATABASE_URL);
    viaRoute.hostname = '127.0.0.1';
    viaRoute.port = String(route.port);
    cluster = await startCluster({
      instances: 2,
      workDir,
      databaseUrl: CLUSTER_DATABASE_URL,
      databaseSchema: schema,
      redisUrl: CLUSTER_REDIS_URL,
      port: 0,
      env: { SCRYPT_LOG2N: '12', CAPTCHA_REQUIRED: 'false', REDIS_KEY_PREFIX: `test:${schema}:`, SHUTDOWN_DRAIN_MS: '0' },
      instanceEnv: (index): Record<string, string> => (index === 0 ? { DATABASE_URL: viaRoute.toString() } : {}),
    });
  });
  afterAll(async () => {
    await cluster?.stop();
    await route?.cut();
    const admin = new pg.Client({ connectionString: CLUSTER_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('answers 503 and says not ready while its database is away, nginx serves every read from the other, and it recovers by itself', async () => {
    const proxy = cluster.nginx.baseUrl;
    const [away, other] = cluster.instances;
    const signIn = await fetch(`${proxy}/exhibition/center/user/front/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'enterprise@demo.example.com', password: 'Summit#2025', code: 'AAAA', uuid: 'no-captcha' }),
    });
    expect(signIn.status).toBe(200);
    const token = sessionTokenFrom(signIn.headers.getSetCookie());
    const read = 'qms/vehicle/page?pageSize=5';
    expect(await get(away!.baseUrl, read, token)).toBe(200);

    await route.cut();
    const cutAt = Date.now();
    const direct = await get(away!.baseUrl, read, token);
    const readyAway = await fetch(`${away!.baseUrl}/readyz`);
    const readyAwayBody = (await readyAway.json()) as { checks: Record<string, string> };
    const throughNginx: number[] = [];
    for (let i = 0; i < 40; i += 1) throughNginx.push(await get(proxy, read, token));
    const otherReady = (await fetch(`${other!.baseUrl}/readyz`)).status;

    await route.open();
    let recoveredAfter = -1;
    const reopenedAt = Date.now();
    while (Date.now() - reopenedAt < 15_000) {
      if ((await get(away!.baseUrl, read, token)) === 200) {
        recoveredAfter = Date.now() - reopenedAt;
        break;
      }
      await sleep(200);
    }
    const readyBack = (await fetch(`${away!.baseUrl}/readyz`)).status;
    const histogram = throughNginx.reduce<Record<number, number>>(
      (counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
      {},
    );
    console.log(
      [
        `database away: direct ${direct}, /readyz ${readyAway.status} ${JSON.stringify(readyAwayBody.checks)}; 40 reads through nginx in ${Date.now() - cutAt} ms: ${JSON.stringify(histogram)}`,
        `  the other instance /readyz ${otherReady}; back: serving ${recoveredAfter} ms after the route reopened, /readyz ${readyBack}; load average ${os.loadavg()[0]!.toFixed(1)}`,
      ].join('\n'),
    );
    expect(direct).toBe(503);
    expect(readyAway.status).toBe(503);
    expect(readyAwayBody.checks.database).toBe('failed');
    expect(throughNginx.filter((status) => status !== 200)).toEqual([]);
    expect(otherReady).toBe(200);
    expect(recoveredAfter).toBeGreaterThanOrEqual(0);
    expect(recoveredAfter).toBeLessThan(10_000);
    expect(readyBack).toBe(200);
  });
});
