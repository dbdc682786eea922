import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from './tables.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'sqlite' | 'postgres';
  /** the PostgreSQL pool (its use is a /metrics gauge), null on SQLite */
  pool: pg.Pool | null;
}

/** SQLite file under DATA_DIR by default; PostgreSQL when DATABASE_URL is set. */
export function openDatabase(config: Pick<AppConfig, 'databaseUrl' | 'databaseSchema' | 'dataDir'>): DatabaseHandle {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      // each test run lives in its own schema
      ...(config.databaseSchema ? { options: `-c search_path=${quoteIdentifier(config.databaseSchema)}` } : {}),
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres', pool };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = new SQLite(path.join(config.dataDir, 'summit.sqlite'));
  // WAL for concurrent readers; FULL so a power loss cannot drop acknowledged commits.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('busy_timeout = 5000');
  file.pragma('foreign_keys = ON');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) }), kind: 'sqlite', pool: null };
}

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable and the driver is
 * synchronous (one statement runs at a time), so identical SQL reuses its prepared statement.
 */
function withStatementCache(file: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = file.prepare.bind(file);
  return new Proxy(file, {
    get(target, property, receiver) {
      if (property !== 'prepare') return Reflect.get(target, property, receiver) as unknown;
      return (source: string) => {
        let statement = cache.get(source);
        if (!statement) {
          statement = prepare(source);
          // queries are built from a fixed set of shapes; the bound keeps a misuse from growing it forever
          if (cache.size < 500) cache.set(source, statement);
        }
        return statement;
      };
    },
  });
}

function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error('DATABASE_SCHEMA must be a plain identifier');
  return name;
}

/** Cheap readiness probe. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
