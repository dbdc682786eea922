/**
 * PostgreSQL's own disk full under a running instance: a PostgreSQL server of the test's own
 * (the machine's is shared), whose portal database keeps its tables and indexes in a tablespace
 * on a small tmpfs (the database's `default_tablespace`, set before the portal's migrations
 * make them; the catalogue and the WAL stay on the normal disk, so the server never PANICs).
 * The tmpfs is filled to the last byte while the portal runs: PostgreSQL refuses every write
 * that needs a new page with 53100 (disk_full). Those writes must answer the translated 507
 * envelope (never 500), reads go on, /readyz says the database is full, and once space is back
 * writes work again with every acknowledged write still there.
 *
 * Needs the PostgreSQL server binaries, root and a working `mount -t tmpfs`: skipped with a
 * message where it cannot run, failed under CI=true.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/free-port.js';
import { businessCard, emptyRecord, lostWrites, unitWriters } from './support/acknowledged-writes.js';
import { fillUp, mountTmpfs, tmpfsMountable, unmount } from './support/full-disk.js';
import { postgresBinDir, PrivatePostgres } from './support/private-postgres.js';
import { rngFor, runSeed } from './support/prng.js';
import { ServerProcess } from './support/server-process.js';
import { answer, saveUnit, uploadCard, type Answer } from './support/full-disk-requests.js';

const SEED = runSeed();
const TABLESPACE = 'portal_space';
/** rounds of a save and an upload per writer at most while the disk is full */
const MAX_ROUNDS = 100;

const bin = postgresBinDir();
const runnable = bin !== null && tmpfsMountable();
const suite = runnable || process.env.CI === 'true' ? describe : describe.skip;
if (!runnable)
  console.warn('PostgreSQL disk-full test SKIPPED: needs the PostgreSQL server binaries, root and `mount -t tmpfs` (not all here)');

async function readiness(base: string): Promise<{ status: number; checks: Record<string, string> }> {
  const response = await fetch(`${base}/readyz`);
  return { status: response.status, checks: ((await response.json()) as { checks: Record<string, string> }).checks };
}

suite("PostgreSQL's disk full under a running instance (its own server, real server process)", () => {
  let postgres: PrivatePostgres;
  let mountPoint: string;
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    if (!runnable)
      throw new Error('under CI this test needs the PostgreSQL server binaries (Debian package postgresql), root and `mount -t tmpfs`');
    postgres = await PrivatePostgres.create(bin!);
    mountPoint = mountTmpfs('summit-pg-disk-full-', '64m');
    const location = path.join(mountPoint, 'tablespace');
    fs.mkdirSync(location);
    postgres.createTablespace(TABLESPACE, location);
    postgres.psql(['create database portal', `alter database portal set default_tablespace = ${TABLESPACE}`]);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-pg-disk-full-data-'));
    server = new ServerProcess(dataDir, await freePort(), { DATABASE_URL: postgres.urlOf('portal') });
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    postgres?.dispose();
    if (mountPoint) unmount(mountPoint);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 507 to writes while its disk is full, reads go on, /readyz says full, and writes work again with nothing lost once space is back', async () => {
    await server.start();
    const base = server.baseUrl;
    // the portal's tables really are on the small file system
    const onTmpfs = Number(postgres.psql([`select count(*) from pg_tables where tablespace = '${TABLESPACE}'`], 'portal').trim());
    expect(onTmpfs).toBeGreaterThan(10);

    const writers = await unitWriters(base, rngFor(SEED, 'pg-disk-full'));
    const card = await businessCard();
    const record = emptyRecord();
    let seq = 0;
    for (const each of writers) {
      seq += 1;
      expect((await saveUnit(base, each, seq)).status).toBe(200);
      record.unitAcked.set(each.account, seq);
    }
    const before = await uploadCard(base, writers[0]!, card);
    expect(before.status).toBe(200);
    record.uploads.push({ account: writers[0]!.account, id: before.id!, bytes: before.bytes! });
    expect((await readiness(base)).status).toBe(200);

    const filler = path.join(mountPoint, 'filler');
    const filled = fillUp(filler);
    // every writer saves its unit and uploads a card until PostgreSQL has refused a few: a save
    // may find room in its own page again and again (HOT updates after pruning), while each
    // upload inserts a row, so the inserts are sure to need a new page before long
    const writes: Answer[] = [];
    const uploads: Answer[] = [];
    const refused = () => [...writes, ...uploads].filter((w) => w.status === 507).length;
    for (let round = 0; round < MAX_ROUNDS && (round < 3 || refused() < 5); round += 1) {
      for (const writer of writers) {
        seq += 1;
        const saved = await saveUnit(base, writer, seq);
        writes.push(saved);
        if (saved.status === 200) record.unitAcked.set(writer.account, seq);
        const uploaded = await uploadCard(base, writer, card);
        uploads.push(uploaded);
        if (uploaded.status === 200) record.uploads.push({ account: writer.account, id: uploaded.id!, bytes: uploaded.bytes! });
      }
    }
    const reads: Answer[] = [];
    for (const writer of writers) {
      reads.push(await answer(`${base}/exhibition/qms/unit/mine`, { headers: { authorization: `Bearer ${writer.token}` } }));
    }
    reads.push(await answer(`${base}/exhibition/qms/edition/current`));
    const readyFull = await readiness(base);

    fs.rmSync(filler);
    const readyAfter = await readiness(base);
    const uploadAfter = await uploadCard(base, writers[0]!, card);
    if (uploadAfter.status === 200) record.uploads.push({ account: writers[0]!.account, id: uploadAfter.id!, bytes: uploadAfter.bytes! });
    const savesAfter: Answer[] = [];
    for (const writer of writers) {
      seq += 1;
      const saved = await saveUnit(base, writer, seq);
      savesAfter.push(saved);
      if (saved.status === 200) record.unitAcked.set(writer.account, seq);
    }
    const lost = await lostWrites(base, writers, record);

    const statuses = (answers: Answer[]) => [...new Set(answers.map((a) => a.status))].join('/');
    const full = [...writes, ...uploads].filter((a) => a.status === 507);
    console.log(
      [
        `PostgreSQL disk full: ${(filled / 1_048_576).toFixed(1)} MiB filler beside ${onTmpfs} tables`,
        `  ${writes.length} unit saves: ${statuses(writes)} (${refused()}× 507 in saves and uploads, first ${full[0]?.key} "${full[0]?.msg}"); ${uploads.length} uploads: ${statuses(uploads)}; ${reads.length} reads: ${statuses(reads)}`,
        `  /readyz full ${readyFull.status} ${JSON.stringify(readyFull.checks)}, after ${readyAfter.status} ${JSON.stringify(readyAfter.checks)}; upload after ${uploadAfter.status}, saves after ${statuses(savesAfter)}; lost ${lost.length}`,
        `  load average ${os.loadavg()[0]!.toFixed(1)}`,
      ].join('\n'),
    );
    const answered = [...writes, ...uploads];
    if (answered.some((a) => a.status !== 200 && a.status !== 507)) console.log(server.log.slice(-6000));
    // never a 500: what the full disk refused is the translated 507
    expect(answered.filter((a) => a.status !== 200 && a.status !== 507)).toEqual([]);
    expect(full.length).toBeGreaterThan(0);
    for (const each of full) {
      expect(each.key).toMatch(/\.storageFull$/);
      expect(each.msg).toMatch(/storage|disk|space/i);
    }
    expect(reads.filter((a) => a.status !== 200)).toEqual([]);
    expect(readyFull.status).toBe(503);
    expect(readyFull.checks.database).toBe('full');
    expect(readyAfter.status).toBe(200);
    expect(readyAfter.checks.database).toBe('ok');
    expect(uploadAfter.status).toBe(200);
    expect(savesAfter.filter((a) => a.status !== 200)).toEqual([]);
    expect(lost).toEqual([]);
  });
});
