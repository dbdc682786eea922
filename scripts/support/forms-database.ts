/**
 * The database whose form versions a developer's command reads (`forms:pull`, `conformance --form`),
 * as the server finds it: DATABASE_URL (+ DATABASE_SCHEMA) for PostgreSQL, else a SQLite file
 * (`--sqlite FILE`, else DATA_DIR/summit.sqlite, DATA_DIR defaulting to ./data) opened read only.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { openDatabase, type Db } from '../../src/server/db/database.js';
import type { Database } from '../../src/server/db/tables.js';
import { ownTableNames } from './table-names.js';

export interface FormsDatabase {
  /** null: the SQLite file does not exist */
  db: Db | null;
  /** how to name it to a person: the file, or the URL with its password hidden */
  name: string;
  config: { databaseUrl: string | null; databaseSchema: string | null };
}

export function openFormsDatabase(env: Record<string, string | undefined>, sqliteFile?: string): FormsDatabase {
  if (!sqliteFile && env.DATABASE_URL) {
    const name = env.DATABASE_URL.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
    const config = { databaseUrl: env.DATABASE_URL, databaseSchema: env.DATABASE_SCHEMA || null };
    return { db: openDatabase({ ...config, dataDir: '' }).db, name, config };
  }
  const file = sqliteFile ?? path.join(path.resolve(env.DATA_DIR || './data'), 'summit.sqlite');
  const relative = path.relative(process.cwd(), file);
  const name = relative && !relative.startsWith('..') ? relative : file;
  const config = { databaseUrl: null, databaseSchema: null };
  if (!fs.existsSync(file)) return { db: null, name, config };
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true }) }) }), name, config };
}

/** Whether the server has started on the database (it creates form_versions and seeds it). */
export async function holdsFormVersions(database: FormsDatabase & { db: Db }): Promise<boolean> {
  return (await ownTableNames(database.db, database.config)).has('form_versions');
}
