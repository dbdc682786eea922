import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DatabaseSpace, isDatabaseDiskFull } from '../../src/server/cluster/database-space.js';
import type { Db } from '../../src/server/db/database.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

/** A database no probe may touch. */
const untouchable = new Proxy({} as Db, {
  get: () => {
    throw new Error('the probe ran');
  },
});

describe('DatabaseSpace (readiness after PostgreSQL refused a write for space)', () => {
  it("knows PostgreSQL's disk_full, through causes too, and nothing else", () => {
    expect(isDatabaseDiskFull(withCode('53100', 'could not extend file'))).toBe(true);
    expect(isDatabaseDiskFull(new Error('wrapped', { cause: withCode('53100') }))).toBe(true);
    expect(isDatabaseDiskFull(withCode('ENOSPC'))).toBe(false);
    expect(isDatabaseDiskFull(withCode('SQLITE_FULL'))).toBe(false);
    expect(isDatabaseDiskFull('53100')).toBe(false);
  });

  it('probes nothing until the database said it was full, then clears once a page is taken again', async () => {
    const space = new DatabaseSpace();
    space.note(withCode('ENOSPC'));
    space.note(withCode('23505', 'duplicate key'));
    expect(await space.probe(untouchable)).toBe('ok');

    space.note(new Error('wrapped', { cause: withCode('53100') }));
    const db = new Kysely<never>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as Db;
    try {
      expect(await space.probe(db)).toBe('ok');
      // the probe's table was rolled back, and the memory cleared
      expect(await db.introspection.getTables()).toEqual([]);
      expect(await space.probe(untouchable)).toBe('ok');
    } finally {
      await db.destroy();
    }
  });
});
