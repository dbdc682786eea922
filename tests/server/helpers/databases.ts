import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, it } from 'vitest';
import { probePostgres } from '../../../scripts/support/probe-postgres.js';
import { advisoryLockKey, withAdvisoryLock } from '../../../src/server/cluster/advisory-lock.js';
import type { Db } from '../../../src/server/db/database.js';

export type DatabaseKind = 'sqlite' | 'postgres';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** `TEST_DATABASES=sqlite` (set by `npm run test:quick`) leaves PostgreSQL out on purpose. */
const sqliteOnly = process.env.TEST_DATABASES === 'sqlite';
export const postgresReachable = !sqliteOnly && (await probePostgres(TEST_DATABASE_URL));
const inCi = process.env.CI === 'true' && !sqliteOnly;
if (sqliteOnly) {
  console.warn('TEST_DATABASES=sqlite: the PostgreSQL runs are left out (npm test runs them)');
} else if (!postgresReachable && !inCi) {
  console.warn(`PostgreSQL not reachable at ${TEST_DATABASE_URL} (TEST_DATABASE_URL): the PostgreSQL runs are SKIPPED`);
}

/** Env for one isolated database: a fresh SQLite folder, or a fresh PostgreSQL schema. */
export interface IsolatedDatabase {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

export async function isolatedDatabase(kind: DatabaseKind): Promise<IsolatedDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-test-'));
  const base = { DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'no-client') };
  if (kind === 'sqlite') {
    return { env: base, dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return {
    env: { ...base, DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema },
    dispose: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      // another file's app may be migrating: Kysely's migrator lists the tables of every schema, and
      // a schema dropped under it fails that migration ("schema … does not exist"). Apps migrate
      // under the start-up advisory lock, so the drop waits for it.
      const [namespace, key] = advisoryLockKey('startup');
      await client.query('SELECT pg_advisory_lock($1, $2)', [namespace, key]);
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.query('SELECT pg_advisory_unlock($1, $2)', [namespace, key]);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a test's own migration under the app's start-up advisory lock, as the app does: a schema
 * another file drops meanwhile (dispose waits for that lock) cannot fail Kysely's table listing.
 */
export async function migratingUnderStartupLock<T>(db: Db, task: () => Promise<T>): Promise<T> {
  const outcome = await withAdvisoryLock(db, 'startup', true, task);
  if (!outcome.ran) throw new Error('the start-up lock was not taken');
  return outcome.result;
}

/**
 * Runs a suite on SQLite always and on PostgreSQL when reachable. Under CI=true an
 * unreachable PostgreSQL fails the run instead of being skipped.
 */
export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void): void {
  describe(`${name} [sqlite]`, () => suite('sqlite'));
  if (postgresReachable) {
    describe(`${name} [postgres]`, () => suite('postgres'));
  } else if (sqliteOnly) {
    return;
  } else if (inCi) {
    describe(`${name} [postgres]`, () => {
      it('needs PostgreSQL', () => {
        throw new Error(`PostgreSQL is not reachable at ${TEST_DATABASE_URL} (TEST_DATABASE_URL) and CI=true`);
      });
    });
  } else {
    describe.skip(`${name} [postgres] skipped: PostgreSQL not reachable at ${TEST_DATABASE_URL}`, () => {
      it('skipped', () => undefined);
    });
  }
}
