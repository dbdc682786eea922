/**
 * `npm run restore -- --from DIR`: puts a backup of `npm run backup` into an empty DATA_DIR and
 * upload folder (SQLite) or an empty database / schema (PostgreSQL, pg_restore), with its key
 * files. Refuses before writing anything when the target is not empty or when a key the data
 * needs is neither in the backup nor in the environment, naming the missing keys. Same
 * environment as the server that will run on it. See docs/OPERATIONS.md.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { SEALED_TEXTS } from '../src/server/composition.js';
import { missingKeys } from '../src/server/security/key-presence.js';
import { editionKeysDir } from '../src/server/security/data-keys.js';
import {
  argValue,
  availableKeys,
  EDITION_KEYS,
  isEmptyFolder,
  KEYS,
  MANIFEST,
  PG_ARCHIVE,
  SQLITE_COPY,
  UPLOADS,
  type Manifest,
} from './support/backup-set.js';
import { runWhenExecuted } from './support/run-cli.js';

/** The tables already in the target schema (null: the connection's current schema). */
async function tablesIn(databaseUrl: string, schema: string | null): Promise<{ exists: boolean; tables: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const name = schema ?? (await client.query<{ name: string }>('select current_schema() as name')).rows[0]!.name;
    const exists = (await client.query('select 1 from pg_namespace where nspname = $1', [name])).rowCount! > 0;
    const tables = (await client.query('select 1 from pg_tables where schemaname = $1', [name])).rowCount!;
    return { exists, tables };
  } finally {
    await client.end();
  }
}

async function dropEmptySchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // not CASCADE: an object left in it stops the restore here instead of being dropped
    await client.query(`drop schema "${schema.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** What keeps the restore from starting; empty when it may go ahead. */
async function refusals(from: string, manifest: Manifest, env: Record<string, string | undefined>): Promise<string[]> {
  const problems: string[] = [];
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const uploadDir = path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'uploads'));
  if ((manifest.database === 'postgres') !== Boolean(env.DATABASE_URL))
    problems.push(`the backup holds a ${manifest.database} database: ${manifest.database === 'postgres' ? 'set' : 'unset'} DATABASE_URL`);
  if (manifest.database === 'postgres' && env.DATABASE_URL) {
    if ((env.DATABASE_SCHEMA || null) !== manifest.schema)
      problems.push(
        `the archive holds schema ${manifest.schema ?? '(the whole database)'}: set DATABASE_SCHEMA${manifest.schema ? `=${manifest.schema}` : ' to nothing'}`,
      );
    else if ((await tablesIn(env.DATABASE_URL, manifest.schema)).tables > 0)
      problems.push(
        `the target database${manifest.schema ? ` schema ${manifest.schema}` : ''} already holds tables: restore into an empty one`,
      );
  }
  if (!isEmptyFolder(dataDir)) problems.push(`DATA_DIR ${dataDir} is not empty: restore into an empty folder`);
  if (!isEmptyFolder(uploadDir)) problems.push(`the upload folder ${uploadDir} is not empty`);
  const keys = availableKeys(path.join(from, KEYS), env);
  problems.push(...keys.problems);
  const missing = Object.entries(manifest.sealedKeyIds).filter(([id]) => !keys.dataKeyIds.has(id) && !keys.shreddedKeyIds.has(id));
  for (const [id, tables] of missing)
    problems.push(
      `data key ${id} (sealed values in ${tables.join(', ')}) is missing: neither ${KEYS}/.data_key or ${KEYS}/.data_keys_old nor ${EDITION_KEYS}/ of the backup nor DATA_KEY / DATA_KEYS_OLD holds it`,
    );
  const editionDir = editionKeysDir({ env, dataDir, shared: Boolean(env.REDIS_URL), problems });
  for (const file of manifest.editionKeyFiles ?? []) {
    const existing = path.join(editionDir, file);
    if (fs.existsSync(existing) && !fs.readFileSync(existing).equals(fs.readFileSync(path.join(from, EDITION_KEYS, file))))
      problems.push(`${existing} exists and is not the backup's edition key: restore into an empty EDITION_KEYS_DIR`);
  }
  if (keys.indexKeyId !== manifest.indexKeyId)
    problems.push(
      keys.indexKeyId === null
        ? `the blind-index key ${manifest.indexKeyId} is missing: neither ${KEYS}/.data_index_key of the backup nor DATA_INDEX_KEY holds it`
        : `the blind-index key given (${keys.indexKeyId}) is not the backup's (${manifest.indexKeyId})`,
    );
  return problems;
}

export async function restore(args: string[], env: Record<string, string | undefined> = process.env, log = console.log): Promise<number> {
  const fromArg = argValue(args, '--from');
  if (!fromArg) {
    log('restore: give the backup: npm run restore -- --from <folder written by npm run backup>');
    return 2;
  }
  const from = path.resolve(fromArg);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(from, MANIFEST), 'utf8')) as Manifest;
  } catch {
    log(`restore: ${from} holds no ${MANIFEST}: not a backup of npm run backup`);
    return 2;
  }
  const problems = await refusals(from, manifest, env);
  if (problems.length > 0) {
    log(['restore: refused, nothing was written:', ...problems.map((problem) => ` - ${problem}`)].join('\n'));
    return 1;
  }

  const dataDir = path.resolve(env.DATA_DIR || './data');
  const uploadDir = path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'uploads'));
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // the keys first: the configuration below must find them, not generate new ones
  for (const file of manifest.keyFiles) {
    fs.copyFileSync(path.join(from, KEYS, file), path.join(dataDir, file));
    fs.chmodSync(path.join(dataDir, file), 0o600);
  }
  const editionDir = editionKeysDir({ env, dataDir, shared: Boolean(env.REDIS_URL), problems: [] });
  if ((manifest.editionKeyFiles ?? []).length > 0) fs.mkdirSync(editionDir, { recursive: true, mode: 0o700 });
  for (const file of manifest.editionKeyFiles ?? []) {
    fs.copyFileSync(path.join(from, EDITION_KEYS, file), path.join(editionDir, file));
    fs.chmodSync(path.join(editionDir, file), 0o600);
  }
  if (manifest.database === 'sqlite') {
    fs.copyFileSync(path.join(from, SQLITE_COPY), path.join(dataDir, 'summit.sqlite'));
  } else {
    const url = env.DATABASE_URL!;
    if (manifest.schema && (await tablesIn(url, manifest.schema)).exists) await dropEmptySchema(url, manifest.schema);
    const restored = spawnSync(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, path.join(from, PG_ARCHIVE)],
      {
        encoding: 'utf8',
      },
    );
    if (restored.status !== 0)
      throw new Error(`pg_restore failed (${restored.error?.message ?? `exit ${restored.status}`}): ${restored.stderr}`);
  }
  fs.mkdirSync(uploadDir, { recursive: true });
  const files = fs.readdirSync(path.join(from, UPLOADS));
  for (const file of files) fs.copyFileSync(path.join(from, UPLOADS, file), path.join(uploadDir, file));

  // the portal's own start-up check, run now: the restored data opens with the keys it will have
  const config = loadConfig(env);
  const { db } = openDatabase(config);
  try {
    const reason = await missingKeys(db, config.dataKeyring, SEALED_TEXTS);
    if (reason) {
      log(`restore: the restored data does not open with the keys:\n${reason}`);
      return 1;
    }
  } finally {
    await db.destroy();
  }
  log(
    `restore: ${manifest.database} database of ${manifest.createdAt}, ${files.length} upload files, ${manifest.keyFiles.length} key files and ${(manifest.editionKeyFiles ?? []).length} edition key files restored`,
  );
  if (manifest.keysFromEnvironment.length > 0)
    log(`restore: start the portal with the same ${manifest.keysFromEnvironment.join(', ')} as the backed-up one`);
  return 0;
}

runWhenExecuted(import.meta.url, (args) => restore(args));
