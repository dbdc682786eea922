/**
 * PostgreSQL going away under a running instance (a restart, a failover, an administrator's
 * pg_terminate_backend): every connection of the instance is cut, idle and under load, twice.
 * The machine's PostgreSQL is shared with other tests, so the server is not restarted: the
 * test ends every backend of its own instance (named by application_name), which is what a
 * restart does to a client ("terminating connection due to administrator command", 57P01).
 * The instance must live through it, serve again within 10 s, answer nothing but 2xx from
 * then on (a request caught by the cut answers 503, never 500), and have kept every write it
 * acknowledged.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/free-port.js';
import { isolatedDatabase, postgresReachable, TEST_DATABASE_URL, type IsolatedDatabase } from '../server/helpers/databases.js';
import { lostWrites, unitWriters, writeThrough } from './support/acknowledged-writes.js';
import { rngFor, runSeed } from './support/prng.js';
import { ServerProcess } from './support/server-process.js';

const SEED = runSeed();
const RECOVERY_BOUND_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function terminateBackends(applicationName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1',
      [applicationName],
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

const suite = postgresReachable || process.env.CI === 'true' ? describe : describe.skip;
if (!postgresReachable) console.warn(`PostgreSQL not reachable at ${TEST_DATABASE_URL}: the database-restart test is SKIPPED`);

suite('PostgreSQL connections cut under load (real server process)', () => {
  let database: IsolatedDatabase;
  let dataDir: string;
  let server: ServerProcess;
  const applicationName = `summit-restart-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    database = await isolatedDatabase('postgres');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-db-restart-'));
    const url = new URL(database.env.DATABASE_URL!);
    url.searchParams.set('application_name', applicationName);
    server = new ServerProcess(dataDir, await freePort(), { DATABASE_URL: url.toString(), DATABASE_SCHEMA: database.env.DATABASE_SCHEMA! });
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.dispose();
  });

  it('survives its connections being terminated, idle and under load, serves again within 10 s and loses no acknowledged write', async () => {
    await server.start();
    const base = server.baseUrl;
    const writers = await unitWriters(base, rngFor(SEED, 'database-restart'));

    // idle: only the pool's resting connections are there to be cut
    await sleep(500);
    const endedIdle = await terminateBackends(applicationName);
    await sleep(500);
    const { record: idleRecord } = await writeThrough(base, writers, { beforeMs: 0, afterMs: RECOVERY_BOUND_MS / 2 });

    // under load: writers keep going through the cut and for the whole bound after it
    let endedUnderLoad = 0;
    const { record, faultAt: cutAt } = await writeThrough(
      base,
      writers,
      { beforeMs: 3_000, afterMs: RECOVERY_BOUND_MS + 5_000 },
      async () => (endedUnderLoad = await terminateBackends(applicationName)),
    );

    const afterCut = record.outcomes.filter((outcome) => outcome.at > cutAt);
    const firstServed = afterCut.find((outcome) => outcome.ok);
    const failedAfterBound = afterCut.filter((outcome) => outcome.at > cutAt + RECOVERY_BOUND_MS && !outcome.ok);
    const failedNearCut = afterCut.filter((outcome) => outcome.at <= cutAt + RECOVERY_BOUND_MS && !outcome.ok);
    const alive = await fetch(`${base}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    const lost = alive ? [...(await lostWrites(base, writers, idleRecord)), ...(await lostWrites(base, writers, record))] : ['server gone'];

    console.log(
      [
        `database restart: ${endedIdle} idle connections ended, then ${endedUnderLoad} under load; load average ${os.loadavg()[0]!.toFixed(1)}`,
        `  idle cut: ${idleRecord.outcomes.filter((o) => o.ok).length} writes acknowledged after it, ${idleRecord.outcomes.filter((o) => !o.ok).length} failed`,
        `  under load: first acknowledged write ${firstServed ? firstServed.at - cutAt : 'never'} ms after the cut; failed within ${RECOVERY_BOUND_MS} ms: ${failedNearCut.length} (${[...new Set(failedNearCut.map((o) => o.status))].join('/')}), after: ${failedAfterBound.length}; acknowledged after the cut ${afterCut.filter((o) => o.ok).length}`,
        `  /readyz ${alive}; lost: ${lost.length}`,
      ].join('\n'),
    );
    if (alive === 0 || failedNearCut.some((outcome) => outcome.status >= 500 && outcome.status !== 503))
      console.log(server.log.slice(-6000));
    expect(endedIdle + endedUnderLoad).toBeGreaterThan(0);
    expect(alive).toBe(200);
    expect(idleRecord.outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(firstServed && firstServed.at - cutAt).toBeLessThan(RECOVERY_BOUND_MS);
    expect(failedAfterBound).toEqual([]);
    // a request caught by the cut says the database was away (503, which nginx counts against the instance), never 500
    expect(failedNearCut.filter((outcome) => outcome.status !== 503 && outcome.status !== 0)).toEqual([]);
    expect(lost).toEqual([]);
  });
});
