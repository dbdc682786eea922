/**
 * `npm run backup -- --to DIR`: a copy of the portal while it runs, in the order that leaves no
 * row without its file: first the database (SQLite `VACUUM INTO`, a consistent copy beside
 * running writers; PostgreSQL `pg_dump` of an exported snapshot), then the upload files the
 * copy's rows name (files are written before their row commits, so every row of the copy has
 * its file already), then the key files of DATA_DIR and the edition keys of EDITION_KEYS_DIR
 * (after the database: every key a copied row was sealed under exists by then). A file deleted between the two steps is
 * reported (rowsWithoutFile in the manifest). Same environment as the server (DATA_DIR,
 * UPLOAD_DIR, DATABASE_URL, DATABASE_SCHEMA, the keys). See docs/OPERATIONS.md.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig, type AppConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { SEALED_TEXTS } from '../src/server/composition.js';
import { keyIdsInUse } from '../src/server/security/key-presence.js';
import { keyIdOf } from '../src/server/security/data-keys.js';
import {
  argValue,
  EDITION_KEYS,
  isEmptyFolder,
  keyFileNames,
  KEYS,
  MANIFEST,
  PG_ARCHIVE,
  SECRET_NAMES,
  SQLITE_COPY,
  UPLOADS,
  type Manifest,
} from './support/backup-set.js';
import { runWhenExecuted } from './support/run-cli.js';

const STORAGE_NAMES = 'select storage_name from uploads union all select storage_name from temporary_uploads';

/** SQLite: VACUUM INTO from a read-only connection (a consistent copy; the server's writers go on). */
function copySqlite(config: AppConfig, target: string): string[] {
  const source = new SQLite(path.join(config.dataDir, 'summit.sqlite'), { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 10000');
    source.prepare('vacuum into ?').run(target);
  } finally {
    source.close();
  }
  const copy = new SQLite(target, { readonly: true });
  try {
    return (copy.prepare(STORAGE_NAMES).all() as { storage_name: string }[]).map((row) => row.storage_name);
  } finally {
    copy.close();
  }
}

/** PostgreSQL: pg_dump of a snapshot this transaction exports, and the upload names as of that same snapshot. */
async function dumpPostgres(config: AppConfig, target: string): Promise<string[]> {
  const client = new pg.Client({
    connectionString: config.databaseUrl!,
    ...(config.databaseSchema ? { options: `-c search_path=${config.databaseSchema}` } : {}),
  });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const dump = spawnSync(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        ...(config.databaseSchema ? [`--schema=${config.databaseSchema}`] : []),
        `--file=${target}`,
        `--dbname=${config.databaseUrl}`,
      ],
      { encoding: 'utf8' },
    );
    if (dump.status !== 0) throw new Error(`pg_dump failed (${dump.error?.message ?? `exit ${dump.status}`}): ${dump.stderr}`);
    const names = (await client.query<{ storage_name: string }>(STORAGE_NAMES)).rows.map((row) => row.storage_name);
    await client.query('commit');
    return names;
  } finally {
    await client.end();
  }
}

export async function backup(args: string[], env: Record<string, string | undefined> = process.env, log = console.log): Promise<number> {
  const to = argValue(args, '--to');
  if (!to) {
    log('backup: give the folder: npm run backup -- --to <empty or new folder>');
    return 2;
  }
  const target = path.resolve(to);
  if (!isEmptyFolder(target)) {
    log(`backup: ${target} is not empty; give a new or empty folder`);
    return 2;
  }
  const dataDir = path.resolve(env.DATA_DIR || './data');
  if (!env.DATABASE_URL && !fs.existsSync(path.join(dataDir, 'summit.sqlite'))) {
    log(`backup: no database at ${dataDir}/summit.sqlite (DATA_DIR) and no DATABASE_URL`);
    return 2;
  }
  const config = loadConfig(env);
  fs.mkdirSync(path.join(target, path.dirname(SQLITE_COPY)), { recursive: true });

  // 1. the database
  const started = Date.now();
  const names = config.databaseUrl
    ? await dumpPostgres(config, path.join(target, PG_ARCHIVE))
    : copySqlite(config, path.join(target, SQLITE_COPY));
  log(`backup: database copied in ${Date.now() - started} ms (${config.databaseUrl ? 'pg_dump' : 'VACUUM INTO'})`);

  // 2. the files its rows name
  fs.mkdirSync(path.join(target, UPLOADS));
  const rowsWithoutFile: string[] = [];
  for (const name of names) {
    try {
      fs.copyFileSync(path.join(config.uploadDir, name), path.join(target, UPLOADS, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      rowsWithoutFile.push(name);
    }
  }
  log(
    `backup: ${names.length - rowsWithoutFile.length} upload files copied${rowsWithoutFile.length ? `, ${rowsWithoutFile.length} deleted meanwhile` : ''}`,
  );

  // 3. the key files, and which keys the data needs
  fs.mkdirSync(path.join(target, KEYS), { mode: 0o700 });
  const keyFiles = keyFileNames().filter((file) => fs.existsSync(path.join(config.dataDir, file)));
  for (const file of keyFiles) fs.copyFileSync(path.join(config.dataDir, file), path.join(target, KEYS, file));
  for (const file of keyFiles) fs.chmodSync(path.join(target, KEYS, file), 0o600);
  // the edition keys (and the notes of the ones purges destroyed), still wrapped under DATA_KEY
  fs.mkdirSync(path.join(target, EDITION_KEYS), { mode: 0o700 });
  const editionDir = config.dataKeyring.editionKeys?.dir;
  const editionKeyFiles =
    editionDir && fs.existsSync(editionDir)
      ? fs.readdirSync(editionDir).filter((file) => /^[A-Za-z0-9_-]+\.(key|shredded)$/.test(file))
      : [];
  for (const file of editionKeyFiles) {
    fs.copyFileSync(path.join(editionDir!, file), path.join(target, EDITION_KEYS, file));
    fs.chmodSync(path.join(target, EDITION_KEYS, file), 0o600);
  }
  const keysFromEnvironment = [...SECRET_NAMES, 'DATA_KEYS_OLD'].filter((name) => env[name]);
  const { db } = config.databaseUrl
    ? openDatabase(config)
    : openDatabase({ databaseUrl: null, databaseSchema: null, dataDir: path.join(target, path.dirname(SQLITE_COPY)) });
  let sealed: Map<string, Set<string>>;
  try {
    sealed = await keyIdsInUse(db, SEALED_TEXTS);
  } finally {
    await db.destroy();
  }
  const manifest: Manifest = {
    createdAt: new Date().toISOString(),
    database: config.databaseUrl ? 'postgres' : 'sqlite',
    schema: config.databaseSchema,
    sealedKeyIds: Object.fromEntries([...sealed].map(([id, tables]) => [id, [...tables].sort()])),
    indexKeyId: keyIdOf(config.dataKeyring.indexKey),
    keyFiles,
    editionKeyFiles,
    keysFromEnvironment,
    uploads: names.length - rowsWithoutFile.length,
    rowsWithoutFile,
  };
  fs.writeFileSync(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  log(
    `backup: key files ${keyFiles.join(', ') || 'none'}, ${editionKeyFiles.filter((f) => f.endsWith('.key')).length} edition keys${keysFromEnvironment.length ? `; from the environment, keep them with this backup: ${keysFromEnvironment.join(', ')}` : ''}`,
  );
  log(`backup: done in ${target}`);
  return 0;
}

runWhenExecuted(import.meta.url, (args) => backup(args));
