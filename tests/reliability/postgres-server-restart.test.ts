/**
 * A real PostgreSQL restart under a running instance: the test's own server (the machine's is
 * shared with other tests) restarted with `pg_ctl -m fast restart`, once idle and once under
 * writes. Unlike cutting the instance's connections, the server is really away for the
 * restart's duration: new connections are refused until it is back. The instance must live
 * through it, serve again within 10 s of the server's return, answer 503 (never 500) to what
 * the restart caught, and have kept every write it acknowledged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/free-port.js';
import { lostWrites, unitWriters, writeThrough, type WriteRecord } from './support/acknowledged-writes.js';
import { postgresBinDir, PrivatePostgres } from './support/private-postgres.js';
import { rngFor, runSeed } from './support/prng.js';
import { ServerProcess } from './support/server-process.js';

const SEED = runSeed();
const RECOVERY_BOUND_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const bin = postgresBinDir();
const suite = bin || process.env.CI === 'true' ? describe : describe.skip;
if (!bin) console.warn('no PostgreSQL server binaries under /usr/lib/postgresql: the pg_ctl restart test is SKIPPED');

function failuresAfter(record: WriteRecord, from: number) {
  return record.outcomes.filter((outcome) => outcome.at > from && !outcome.ok);
}

suite('PostgreSQL restarted with pg_ctl under a running instance (real server process)', () => {
  let postgres: PrivatePostgres;
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    if (!bin) throw new Error('PostgreSQL server binaries are required under CI (Debian package postgresql)');
    postgres = await PrivatePostgres.create(bin);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-pg-restart-'));
    server = new ServerProcess(dataDir, await freePort(), { DATABASE_URL: postgres.url });
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    postgres?.dispose();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lives through a fast restart, idle and under load, serves within 10 s of the server being back and loses no acknowledged write', async () => {
    await server.start();
    const base = server.baseUrl;
    const writers = await unitWriters(base, rngFor(SEED, 'pg-ctl-restart'));

    // idle: the pool holds resting connections the restart ends
    await sleep(500);
    await postgres.restart();
    const idleBack = Date.now();
    const { record: idleRecord } = await writeThrough(base, writers, { beforeMs: 0, afterMs: RECOVERY_BOUND_MS / 2 });

    // under load: writers keep going through the restart and for the whole bound after it
    const {
      record,
      faultAt: restartAt,
      faultEnded: backAt,
    } = await writeThrough(base, writers, { beforeMs: 3_000, afterMs: RECOVERY_BOUND_MS + 5_000 }, () => postgres.restart());

    const afterBack = record.outcomes.filter((outcome) => outcome.at > backAt);
    const firstServed = afterBack.find((outcome) => outcome.ok);
    const caught = record.outcomes.filter((outcome) => outcome.at > restartAt && outcome.at <= backAt + RECOVERY_BOUND_MS && !outcome.ok);
    const failedAfterBound = failuresAfter(record, backAt + RECOVERY_BOUND_MS);
    const alive = await fetch(`${base}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    const lost = alive ? [...(await lostWrites(base, writers, idleRecord)), ...(await lostWrites(base, writers, record))] : ['server gone'];

    console.log(
      [
        `pg_ctl restart: load average ${os.loadavg()[0]!.toFixed(1)}; the restart under load took ${backAt - restartAt} ms`,
        `  idle restart: ${idleRecord.outcomes.filter((o) => o.ok).length} writes acknowledged after it, ${failuresAfter(idleRecord, idleBack + RECOVERY_BOUND_MS).length} failed after the bound, ${idleRecord.outcomes.filter((o) => !o.ok).length} failed in all`,
        `  under load: first acknowledged write ${firstServed ? firstServed.at - backAt : 'never'} ms after the server was back; caught by the restart: ${caught.length} (${[...new Set(caught.map((o) => o.status))].join('/')}); failed after the bound: ${failedAfterBound.length}; acknowledged after: ${afterBack.filter((o) => o.ok).length}`,
        `  /readyz ${alive}; lost: ${lost.length}`,
      ].join('\n'),
    );
    if (alive !== 200 || caught.some((outcome) => outcome.status >= 500 && outcome.status !== 503)) console.log(server.log.slice(-6000));
    expect(alive).toBe(200);
    expect(failuresAfter(idleRecord, idleBack + RECOVERY_BOUND_MS)).toEqual([]);
    expect(firstServed && firstServed.at - backAt).toBeLessThan(RECOVERY_BOUND_MS);
    expect(failedAfterBound).toEqual([]);
    // what the restart caught says the database was away (503, which nginx counts against the instance), never 500
    expect(caught.filter((outcome) => outcome.status !== 503 && outcome.status !== 0)).toEqual([]);
    expect(lost).toEqual([]);
  });
});
