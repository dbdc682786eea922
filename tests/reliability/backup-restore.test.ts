/**
 * `npm run backup` while the portal takes writes, then `npm run restore` into an empty data
 * folder (and, on PostgreSQL, an empty database): a portal started on the restore has every
 * write acknowledged before the backup began, every upload row has its file. Without the key
 * files, the restore refuses and names the missing keys, and a portal started on the data
 * refuses too (before, it started on new keys and every sealed record answered 500).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/free-port.js';
import { describeEachDatabase, isolatedDatabase, TEST_DATABASE_URL, type IsolatedDatabase } from '../server/helpers/databases.js';
import { emptyRecord, lostWrites, signIn, unitWriters, writeUntil, type WriteRecord } from './support/acknowledged-writes.js';
import { rngFor, runSeed } from './support/prng.js';
import { ServerProcess } from './support/server-process.js';

const SEED = runSeed();
const repoRoot = path.resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** no DATA_KEY / DATA_INDEX_KEY in the environment: the portal generates them into DATA_DIR, the files a backup must carry */
const KEYS_IN_FILES = { DATA_KEY: '', DATA_INDEX_KEY: '' };

/** The script as `npm run` runs it, in a child process (asynchronously: the writers go on meanwhile). */
function npmScript(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number; output: string; ms: number }> {
  const begun = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts', `${script}.ts`), ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ status: code ?? -1, output, ms: Date.now() - begun })));
}

async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Upload rows of a database whose file is not in `uploadDir`. */
async function rowsWithoutFile(env: Record<string, string>, dataDir: string, uploadDir: string): Promise<string[]> {
  const query = 'select storage_name from uploads union all select storage_name from temporary_uploads';
  let names: string[];
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL, options: `-c search_path=${env.DATABASE_SCHEMA}` });
    await client.connect();
    names = (await client.query<{ storage_name: string }>(query)).rows.map((row) => row.storage_name);
    await client.end();
  } else {
    const db = new Database(path.join(dataDir, 'summit.sqlite'), { readonly: true });
    names = (db.prepare(query).all() as { storage_name: string }[]).map((row) => row.storage_name);
    db.close();
  }
  return names.filter((name) => !fs.existsSync(path.join(uploadDir, name)));
}

describeEachDatabase('backup during writes, restore into an empty folder (real server processes)', (kind) => {
  let database: IsolatedDatabase;
  let work: string;
  let restoredDatabase: string | null = null;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await isolatedDatabase(kind);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-backup-'));
  });
  afterAll(async () => {
    for (const server of servers) await server.kill('SIGKILL');
    if (restoredDatabase) await adminQuery(`drop database if exists ${restoredDatabase} with (force)`);
    fs.rmSync(work, { recursive: true, force: true });
    await database?.dispose();
  });

  it('restores every write acknowledged before the backup with its file, and refuses data whose keys are missing', async () => {
    const pgEnv: Record<string, string> = database.env.DATABASE_URL
      ? { DATABASE_URL: database.env.DATABASE_URL, DATABASE_SCHEMA: database.env.DATABASE_SCHEMA! }
      : {};
    const source = path.join(work, 'source');
    const server = new ServerProcess(source, await freePort(), { ...pgEnv, ...KEYS_IN_FILES });
    servers.push(server);
    await server.start();
    const writers = await unitWriters(server.baseUrl, rngFor(SEED, `backup-${kind}`));

    const record = emptyRecord();
    const stop = { stopped: false };
    const writing = writeUntil(server.baseUrl, writers, record, stop);
    // the backup starts once writes of both kinds are acknowledged (a loaded machine may need
    // longer than a few seconds for the first upload)
    const started = Date.now();
    while ((record.uploads.length === 0 || record.unitAcked.size === 0 || Date.now() - started < 3_000) && Date.now() - started < 60_000)
      await sleep(250);
    const beforeBackup: WriteRecord = { ...emptyRecord(), unitAcked: new Map(record.unitAcked), uploads: [...record.uploads] };
    const backupDir = path.join(work, 'backup');
    const backup = await npmScript('backup', ['--to', backupDir], { DATA_DIR: source, ...pgEnv });
    const duringBackup = record.outcomes.filter((outcome) => outcome.ok && outcome.at > Date.now() - backup.ms).length;
    await sleep(1_000);
    stop.stopped = true;
    await writing;
    expect(backup.output).toMatch(/backup: done/);
    expect(backup.status).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as {
      sealedKeyIds: Record<string, string[]>;
    };
    const sealedKeyIds = Object.keys(manifest.sealedKeyIds);

    // the backup without its key files: the restore names what is missing and writes nothing
    const keyless = path.join(work, 'backup-without-keys');
    fs.cpSync(backupDir, keyless, { recursive: true });
    fs.rmSync(path.join(keyless, 'keys'), { recursive: true });
    const refusedTarget = path.join(work, 'refused');
    let restoreEnv: Record<string, string> = {};
    if (kind === 'postgres') {
      restoredDatabase = `summit_restore_${randomBytes(4).toString('hex')}`;
      await adminQuery(`create database ${restoredDatabase}`);
      const url = new URL(TEST_DATABASE_URL);
      url.pathname = `/${restoredDatabase}`;
      restoreEnv = { DATABASE_URL: url.toString(), DATABASE_SCHEMA: pgEnv.DATABASE_SCHEMA! };
    }
    const refused = await npmScript('restore', ['--from', keyless], { DATA_DIR: refusedTarget, ...restoreEnv });

    // the backup as it is, into an empty folder (and an empty database)
    const target = path.join(work, 'restored');
    const restored = await npmScript('restore', ['--from', backupDir], { DATA_DIR: target, ...restoreEnv });
    expect(restored.output).toMatch(/restore: .* restored/);
    expect(restored.status).toBe(0);

    // the restored data started without its keys (an empty DATA_DIR beside the restored database)
    const keylessDir = path.join(work, 'started-without-keys');
    fs.mkdirSync(keylessDir);
    if (kind === 'sqlite') fs.copyFileSync(path.join(target, 'summit.sqlite'), path.join(keylessDir, 'summit.sqlite'));
    const keylessServer = new ServerProcess(keylessDir, await freePort(), { ...restoreEnv, ...KEYS_IN_FILES, SEED_DEMO_DATA: 'false' });
    servers.push(keylessServer);
    const keylessStart = await keylessServer.start(60_000).then(
      () => 'started',
      (error: Error) => error.message,
    );

    const restoredServer = new ServerProcess(target, await freePort(), { ...restoreEnv, ...KEYS_IN_FILES });
    servers.push(restoredServer);
    await restoredServer.start();
    const tokens = new Map<string, string>();
    for (const writer of writers) tokens.set(writer.account, await signIn(restoredServer.baseUrl, writer.account));
    const lost = await lostWrites(restoredServer.baseUrl, writers, beforeBackup, (account) => tokens.get(account)!);
    const withoutFile = await rowsWithoutFile(restoreEnv, target, path.join(target, 'uploads'));

    console.log(
      [
        `backup/restore [${kind}]: backup ${backup.ms} ms during writes (${record.outcomes.length} writes, ${record.outcomes.filter((o) => o.ok).length} acknowledged); ${duringBackup} acknowledged while it ran; restore ${restored.ms} ms; load average ${os.loadavg()[0]!.toFixed(1)}`,
        `  acknowledged before the backup: ${beforeBackup.uploads.length} uploads, unit saves up to ${[...beforeBackup.unitAcked.values()].join('/')}; lost ${lost.length}; rows without file ${withoutFile.length}`,
        `  sealed key ids ${sealedKeyIds.join(', ')}; keyless restore exit ${refused.status}; keyless start: ${keylessStart.split('\n').slice(0, 3).join(' | ')}`,
      ].join('\n'),
    );
    expect(beforeBackup.uploads.length).toBeGreaterThan(0);
    expect(duringBackup).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    expect(withoutFile).toEqual([]);
    expect(sealedKeyIds.length).toBeGreaterThan(0);
    expect(refused.status).toBe(1);
    for (const id of sealedKeyIds) expect(refused.output).toContain(id);
    expect(fs.existsSync(path.join(refusedTarget, 'summit.sqlite'))).toBe(false);
    expect(keylessStart).toMatch(/Refusing to start/);
    for (const id of sealedKeyIds) expect(keylessStart).toContain(id);
    // the refused start left no generated key behind to pass for the real one next time
    expect(fs.existsSync(path.join(keylessDir, '.data_key'))).toBe(false);
  });
});
