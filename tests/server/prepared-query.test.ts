import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Db } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { preparedQuery } from '../../src/server/db/prepared-query.js';
import { DataProtection } from '../../src/server/security/data-protection.js';
import { describeEachDatabase, isolatedDatabase, migratingUnderStartupLock, type IsolatedDatabase } from './helpers/databases.js';
import { TEST_ENV } from './helpers/test-env.js';

/** Hot prepared reads go straight to the driver (issue 17 point 5): same rows, same isolation as through Kysely. */
describeEachDatabase('prepared queries', (kind) => {
  let database: IsolatedDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await isolatedDatabase(kind);
    const config = loadConfig({ ...TEST_ENV, ...database.env });
    db = openDatabase(config).db;
    await migratingUnderStartupLock(db, () =>
      migrateToLatest(db, kind === 'postgres' ? config.databaseSchema : null, new DataProtection(config.dataKeyring)),
    );
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.dispose();
  });

  const editionsOf = (year: number) =>
    db.selectFrom('editions').select(['id', 'year', 'name', 'is_current']).where('year', '=', year).orderBy('id');

  it('answers the rows Kysely answers for the same query, with fresh values each call', async () => {
    const now = new Date().toISOString();
    for (const [year, name] of [
      [2031, 'A'],
      [2031, 'B'],
      [2032, 'C'],
    ] as const) {
      await db.insertInto('editions').values({ id: randomUUID(), year, name, is_current: 0, created_at: now }).execute();
    }
    const byYear = preparedQuery(db, (value) =>
      db
        .selectFrom('editions')
        .select(['id', 'year', 'name', 'is_current'])
        .where('year', '=', value(0) as unknown as number)
        .orderBy('id'),
    );
    expect(await byYear(2031)).toEqual(await editionsOf(2031).execute());
    expect(await byYear(2032)).toEqual(await editionsOf(2032).execute());
    expect(await byYear(2099)).toEqual([]);
  });

  it("does not read another request's uncommitted rows", async () => {
    const byYear = preparedQuery(db, (value) =>
      db
        .selectFrom('editions')
        .select(['name'])
        .where('year', '=', value(0) as unknown as number),
    );
    let readDuringTransaction: Promise<unknown[]> | undefined;
    await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('editions')
          .values({ id: randomUUID(), year: 2040, name: 'uncommitted', is_current: 0, created_at: new Date().toISOString() })
          .execute();
        readDuringTransaction = byYear(2040);
        // SQLite: the read waits for the one connection; PostgreSQL: another connection, before the commit
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (kind === 'postgres') expect(await readDuringTransaction).toEqual([]);
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    expect(await readDuringTransaction).toEqual([]);
    expect(await byYear(2040)).toEqual([]);
  });

  it.runIf(kind === 'postgres')(
    'runs a hot read as a statement PostgreSQL prepared once, not parsed and planned again on every call',
    async () => {
      const { db: own, pool } = openDatabase(loadConfig({ ...TEST_ENV, ...database.env }));
      try {
        const byYear = preparedQuery(own, (value) =>
          own
            .selectFrom('editions')
            .select(['name'])
            .where('year', '=', value(0) as unknown as number),
        );
        // one call after another: the pool keeps its one connection, the one asked below
        for (const year of [2031, 2032, 2031]) await byYear(year);
        const { rows } = await pool!.query<{ statement: string }>(
          "select statement from pg_prepared_statements where statement like '%editions%'",
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]!.statement).toMatch(/from "editions" where "year" = \$1/);
      } finally {
        await own.destroy();
      }
    },
  );
});
