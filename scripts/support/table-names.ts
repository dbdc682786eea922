import { sql } from 'kysely';
import type { Db } from '../../src/server/db/database.js';

/**
 * The tables of the app's own schema. Kysely's introspection lists every schema of the
 * database, and fails when another one is dropped meanwhile (test runs, other apps on the
 * same server): the catalogue is read for this schema only.
 */
export async function ownTableNames(db: Db, config: { databaseUrl: string | null; databaseSchema: string | null }): Promise<Set<string>> {
  if (!config.databaseUrl) {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
    return new Set(rows.map((row) => row.name));
  }
  const { rows } = await sql<{
    name: string;
  }>`select tablename as name from pg_catalog.pg_tables where schemaname = coalesce(${config.databaseSchema}, current_schema())`.execute(
    db,
  );
  return new Set(rows.map((row) => row.name));
}
