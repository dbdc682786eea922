/**
 * Redis going away under instances with rate limits on: sign-ins must go on (limits counted
 * in the instance, sign-in failures in the database, a warning in the log) instead of
 * answering 500 after the client's timeouts; the limits still hold; Redis coming back is
 * used again. The machine's Redis is shared, so the test runs its own redis-server on a free
 * port and kills that one.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/free-port.js';
import { isolatedDatabase, postgresReachable, type IsolatedDatabase } from '../server/helpers/databases.js';
import { ServerProcess } from './support/server-process.js';

const redisServerAvailable = spawnSync('redis-server', ['--version']).status === 0;
const runnable = postgresReachable && redisServerAvailable;
const suite = runnable || process.env.CI === 'true' ? describe : describe.skip;
if (!runnable) console.warn('redis-down test SKIPPED: needs PostgreSQL and the redis-server binary (apt-get install -y redis-server)');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i += 1) {
    const ping = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
    if (ping.stdout?.trim() === 'PONG') return child;
    await sleep(50);
  }
  throw new Error('redis-server did not start');
}

async function stopRedis(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function signIn(base: string, password: string): Promise<{ status: number; ms: number }> {
  const begun = Date.now();
  const response = await fetch(`${base}/exhibition/center/user/front/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'enterprise@demo.example.com', password, code: 'AAAA', uuid: 'no-captcha' }),
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: Date.now() - begun };
}

suite('Redis down with rate limits on (real server process)', () => {
  let database: IsolatedDatabase;
  let dataDir: string;
  let server: ServerProcess;
  let redis: ChildProcess | null = null;
  let redisPort: number;

  beforeAll(async () => {
    database = await isolatedDatabase('postgres');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-redis-down-'));
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    server = new ServerProcess(dataDir, await freePort(), {
      DATABASE_URL: database.env.DATABASE_URL!,
      DATABASE_SCHEMA: database.env.DATABASE_SCHEMA!,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      EDITION_KEYS_DIR: path.join(dataDir, 'edition-keys'),
      RATE_LIMITS: 'true',
      SHUTDOWN_DRAIN_MS: '0',
    });
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await stopRedis(redis);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.dispose();
  });

  it('signs in within 2 s with Redis gone, keeps the failure limit, warns, and uses Redis again once it is back', async () => {
    await server.start();
    const base = server.baseUrl;
    const before = await signIn(base, 'Summit#2025');
    expect(before.status).toBe(200);

    await stopRedis(redis);
    redis = null;
    const down = await signIn(base, 'Summit#2025');
    const downAgain = await signIn(base, 'Summit#2025');
    // the per-client failure limit (10 in the window) still holds without Redis
    const wrong: number[] = [];
    for (let i = 0; i < 11; i += 1) wrong.push((await signIn(base, 'Wrong#Password1')).status);
    const ready = (await (await fetch(`${base}/readyz`)).json()) as { checks: Record<string, string> };

    redis = await startRedis(redisPort);
    await sleep(3_000);
    const back = await signIn(base, 'Summit#2025');
    // the limiter counts in Redis again (the restarted Redis was empty)
    const keysBack = spawnSync('redis-cli', ['-p', String(redisPort), '--scan', '--pattern', 'summit:rate-limit:*'], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter((line) => line !== '').length;

    console.log(
      [
        `redis down: sign-in before ${before.ms} ms, with Redis gone ${down.status} in ${down.ms} ms and ${downAgain.status} in ${downAgain.ms} ms`,
        `  11 wrong passwords: ${wrong.join(' ')}; /readyz checks ${JSON.stringify(ready.checks)}; after Redis came back ${back.status} in ${back.ms} ms, ${keysBack} limiter keys in Redis`,
        `  load average ${os.loadavg()[0]!.toFixed(1)}`,
      ].join('\n'),
    );
    expect(down.status).toBe(200);
    expect(down.ms).toBeLessThan(2_000);
    expect(downAgain.status).toBe(200);
    expect(downAgain.ms).toBeLessThan(2_000);
    expect(wrong.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(wrong[10]).toBe(429);
    expect(server.log).toMatch(/Redis unreachable/);
    expect(back.status).toBe(200);
    expect(keysBack).toBeGreaterThan(0);
  });
});
