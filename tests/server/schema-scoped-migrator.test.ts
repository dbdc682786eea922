import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Db } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { withSchemaScopedIntrospection } from '../../src/server/db/schema-scoped.js';
import { DataProtection } from '../../src/server/security/data-protection.js';
import { isolatedDatabase, postgresReachable, TEST_DATABASE_URL, type IsolatedDatabase } from './helpers/databases.js';
import { TEST_ENV } from './helpers/test-env.js';

/**
 * Kysely's migrator introspected every schema of the database, and a table another test file
 * dropped at that moment failed this file's start-up (`relation "t_….notice_reads" does not
 * exist`, CI of 2026-11-27). The app's migrator reads its own schema only.
 */
describe.runIf(postgresReachable)('the migrator reads its own PostgreSQL schema only', () => {
  let database: IsolatedDatabase;
  let other: IsolatedDatabase;
  let db: Db;
  let schema: string;

  beforeAll(async () => {
    [database, other] = await Promise.all([isolatedDatabase('postgres'), isolatedDatabase('postgres')]);
    const config = loadConfig({ ...TEST_ENV, ...database.env });
    schema = config.databaseSchema ?? '';
    db = openDatabase(config).db;
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    // a schema of another run holding tables of the same names, migration tables included
    await client.query(`CREATE TABLE ${other.env.DATABASE_SCHEMA}.kysely_migration (name text primary key, timestamp text)`);
    await client.query(`CREATE TABLE ${other.env.DATABASE_SCHEMA}.notice_reads (id int)`);
    await client.end();
  });
  afterAll(async () => {
    await db?.destroy();
    await Promise.all([database?.dispose(), other?.dispose()]);
  });

  it('lists the tables of its schema and none of another', async () => {
    const scoped = withSchemaScopedIntrospection(db, schema);
    await sql`create table ${sql.id(schema, 'own_table')} (id int, unit_id text not null, note text default 'x')`.execute(db);
    await sql`create view ${sql.id(schema, 'own_view')} as select 1 as one`.execute(db);
    const tables = await scoped.introspection.getTables();
    expect(tables.map((table) => [table.name, table.schema, table.isView]).sort()).toEqual([
      ['own_table', schema, false],
      ['own_view', schema, true],
    ]);
    // columns in their order, from the same catalogue read (the tests that walk every table use them)
    const own = tables.find((table) => table.name === 'own_table');
    expect(own?.columns.map((column) => [column.name, column.dataType, column.isNullable, column.hasDefaultValue])).toEqual([
      ['id', 'int4', true, false],
      ['unit_id', 'text', false, false],
      ['note', 'text', true, true],
    ]);
    expect((await scoped.introspection.getSchemas()).map((found) => found.name)).toEqual([schema]);
    // everything else is the real database
    expect((await sql<{ one: number }>`select 1 as one`.execute(scoped)).rows).toEqual([{ one: 1 }]);
    await sql`drop view ${sql.id(schema, 'own_view')}`.execute(db);
    await sql`drop table ${sql.id(schema, 'own_table')}`.execute(db);
  });

  it('migrates its schema from empty and again without work, whatever another schema holds', async () => {
    const protection = new DataProtection(loadConfig({ ...TEST_ENV, ...database.env }).dataKeyring);
    await migrateToLatest(db, schema, protection);
    const applied = await sql<{ count: string }>`select count(*) as count from ${sql.id(schema, 'kysely_migration')}`.execute(db);
    expect(Number(applied.rows[0]?.count)).toBeGreaterThan(20);
    await migrateToLatest(db, schema, protection);
    const again = await sql<{ count: string }>`select count(*) as count from ${sql.id(schema, 'kysely_migration')}`.execute(db);
    expect(again.rows[0]?.count).toBe(applied.rows[0]?.count);
  });
});
