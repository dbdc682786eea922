import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createRequire } from 'node:module';
import type pg from 'pg';
import { Kysely, PostgresDialect, sql, type CompiledQuery, type KyselyConfig } from 'kysely';
import type { AppConfig } from '../config.js';
import { registerChangeStamp } from './change-stamp.js';
import { registerDirectReader } from './direct-reader.js';
import { ImmediateSqliteDialect } from './sqlite-immediate.js';
import type { Database } from './tables.js';

export type Db = Kysely<Database>;

/**
 * What a repository method runs on: the database, or the caller's transaction (a Transaction is
 * a Kysely), so the reads and writes of one decision commit or roll back together. Generic for
 * the tables a feature adds with `withTables` (temporary registration).
 */
export type Executor<Tables = Database> = Kysely<Tables>;

/** A database walked by table name (sealed stores, key rotation, the retention purge, migrations): its rows are plain records. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export interface DatabaseHandle {
  db: Db;
  /** the PostgreSQL pool (its use is a /metrics gauge), null on SQLite */
  pool: pg.Pool | null;
}

export interface OpenOptions {
  /** sees every query run (the query-plan test collects the product's hot queries with it) */
  onQuery?: (query: CompiledQuery) => void;
  /**
   * hears that a PostgreSQL connection died (a restart, failover or pg_terminate_backend): the
   * pool drops it and opens a new one for the next query. Default: one line on stderr.
   */
  onConnectionError?: (error: Error) => void;
}

/**
 * Without a listener, pg's 'error' event of a connection the server ended (57P01 on a restart)
 * ends the whole process: the pool's own event for idle connections, and the connection's
 * event while a caller holds it between queries. Every connection gets a listener when it
 * opens; the pool discards a broken one at its release and connects anew on demand.
 */
function survivingConnectionLoss(pool: pg.Pool, onError: (error: Error) => void): void {
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
}

/**
 * pg is loaded only for PostgreSQL: evaluating it touches fetch's Response (pg's Cloudflare
 * check), which loads undici, a few hundred ms of every SQLite start on a busy machine. In the
 * server bundle esbuild turns this require('pg') into its bundled copy, evaluated on first call.
 */
function loadPg(): typeof pg {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (typeof require === 'function' ? require('pg') : createRequire(import.meta.url)('pg')) as typeof pg;
}

/** SQLite file under DATA_DIR by default; PostgreSQL when DATABASE_URL is set. */
export function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'databaseSchema' | 'dataDir'>,
  options: OpenOptions = {},
): DatabaseHandle {
  const { onQuery, onConnectionError = (error) => console.error(`database connection lost: ${error.message}`) } = options;
  const log: Pick<KyselyConfig, 'log'> = onQuery ? { log: (event) => (event.level === 'query' ? onQuery(event.query) : undefined) } : {};
  if (config.databaseUrl) {
    const pool = new (loadPg().Pool)({
      connectionString: config.databaseUrl,
      max: 10,
      // a database that does not answer a connection in time fails the request, not hangs it
      connectionTimeoutMillis: 5_000,
      // each test run lives in its own schema
      ...(config.databaseSchema ? { options: `-c search_path=${quoteIdentifier(config.databaseSchema)}` } : {}),
    });
    survivingConnectionLoss(pool, onConnectionError);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...log });
    // a query log must see every query: no direct reads then
    if (!onQuery) {
      const statementName = statementNames();
      registerDirectReader(
        db,
        async (source, parameters) =>
          (await pool.query({ name: statementName(source), text: source, values: [...parameters] })).rows as unknown[],
      );
    }
    return { db, pool };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = new SQLite(path.join(config.dataDir, 'summit.sqlite'));
  // WAL for concurrent readers; FULL so a power loss cannot drop acknowledged commits.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('busy_timeout = 5000');
  file.pragma('foreign_keys = ON');
  // a deleted or overwritten value is zeroed on its page, not left in free space until reused
  // (erased personal data, see erase-freed-space.ts); a per-connection setting, so set at each open
  file.pragma('secure_delete = ON');
  // statistics for the planner where they are missing or stale (SQLite's advice for every open)
  file.pragma('optimize = 0x10002');
  const statements = statementCache(file);
  const cached = withStatementCache(file, statements);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: cached }), ...log });
  if (!onQuery) {
    // one connection: while a transaction is open on it, a direct read would see its uncommitted
    // rows, so it declines and the read queues behind the transaction in Kysely as before.
    // The statement comes straight from the cache, not through the proxy Kysely holds.
    registerDirectReader(db, (source, parameters) =>
      file.inTransaction ? undefined : Promise.resolve(statements(source).all(parameters as unknown[])),
    );
    // this connection's own writes (total_changes) and everyone else's commits (data_version);
    // a write that changed nothing moves neither, and needs not
    const ownChanges = file.prepare('select total_changes()').pluck();
    const othersCommits = file.prepare('pragma data_version').pluck();
    registerChangeStamp(db, () => (file.inTransaction ? undefined : `${String(ownChanges.get())} ${String(othersCommits.get())}`));
  }
  return { db, pool: null };
}

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable and the driver is
 * synchronous (one statement runs at a time), so identical SQL reuses its prepared statement.
 */
function statementCache(file: SQLite.Database): (source: string) => SQLite.Statement {
  return perSource((source) => file.prepare(source));
}

/**
 * The direct reads (the hot queries, each compiled once by preparedQuery) run as named
 * statements: each pool connection parses and plans one the first time it runs it, and after
 * that is sent only its values. Sent unnamed, PostgreSQL parsed and planned the same text again
 * on every request and this process wrote the text each time (loginInfo's session lookup, ten
 * connections: named, 1.5x the lookups per second and about 12 us less of this process's CPU
 * per lookup). The name is a digest of the text, so the same text always
 * has the same name and two texts never share one; the plan follows schema changes (PostgreSQL
 * re-plans a prepared statement when a table it reads changes). Not for a pooler in transaction
 * mode (pgbouncer), which would send a statement to a connection that never prepared it; none
 * is in the deployment (the instances hold their own pools).
 */
function statementNames(): (source: string) => string {
  return perSource((source) => `direct_${createHash('sha256').update(source).digest('hex').slice(0, 32)}`);
}

/**
 * `make` once per SQL text. Queries are built from a fixed set of shapes; the bound only keeps a
 * misuse from growing the table forever (past it, a text is made anew each time).
 */
function perSource<T>(make: (source: string) => T): (source: string) => T {
  const made = new Map<string, T>();
  return (source) => {
    let value = made.get(source);
    if (value === undefined) {
      value = make(source);
      if (made.size < 500) made.set(source, value);
    }
    return value;
  };
}

/** The connection as Kysely sees it, its `prepare` answered from the cache. */
function withStatementCache(file: SQLite.Database, statements: (source: string) => SQLite.Statement): SQLite.Database {
  return new Proxy(file, {
    get(target, property, receiver) {
      if (property !== 'prepare') return Reflect.get(target, property, receiver) as unknown;
      return statements;
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
