/**
 * The baselines' database side: the product's own SQL (collected from the services while they
 * run, openDatabase's onQuery) replayed through the bare driver, better-sqlite3 or pg, with no
 * query builder, validation or HTTP in between.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { CompiledQuery } from 'kysely';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type Db } from '../src/server/db/database.js';
import type { BenchDatabase } from './fixture.js';

export interface RawDriver {
  /** runs the queries in order, in one transaction when asked */
  run(queries: readonly CompiledQuery[], transaction?: boolean): Promise<void>;
  /** the rows of one query */
  rows<Row>(query: CompiledQuery): Promise<Row[]>;
  close(): Promise<void>;
}

export async function rawDriver(database: BenchDatabase): Promise<RawDriver> {
  if (database.kind === 'sqlite') {
    const file = new SQLite(path.join(database.env.DATA_DIR!, 'summit.sqlite'));
    file.pragma('busy_timeout = 5000');
    file.pragma('synchronous = FULL');
    const statements = new Map<string, SQLite.Statement>();
    const prepared = (source: string) => {
      let statement = statements.get(source);
      if (!statement) statements.set(source, (statement = file.prepare(source)));
      return statement;
    };
    const runOne = (query: CompiledQuery) => {
      const statement = prepared(query.sql);
      if (statement.reader) statement.all(...(query.parameters as unknown[]));
      else statement.run(...(query.parameters as unknown[]));
    };
    return {
      async run(queries, transaction = false) {
        if (transaction) file.exec('begin immediate');
        try {
          for (const query of queries) runOne(query);
          if (transaction) file.exec('commit');
        } catch (error) {
          if (transaction) file.exec('rollback');
          throw error;
        }
      },
      async rows<Row>(query: CompiledQuery) {
        return prepared(query.sql).all(...(query.parameters as unknown[])) as Row[];
      },
      async close() {
        file.close();
      },
    };
  }
  // a pool like the product's (10): concurrent requests of the loginInfo baseline run side by side
  const pool = new pg.Pool({
    connectionString: database.env.DATABASE_URL,
    options: `-c search_path=${database.env.DATABASE_SCHEMA}`,
    max: 10,
  });
  const client = await pool.connect();
  return {
    async run(queries, transaction = false) {
      if (transaction) await client.query('begin');
      try {
        for (const query of queries) await client.query(query.sql, query.parameters as unknown[]);
        if (transaction) await client.query('commit');
      } catch (error) {
        if (transaction) await client.query('rollback');
        throw error;
      }
    },
    async rows<Row>(query: CompiledQuery) {
      return (await pool.query(query.sql, query.parameters as unknown[])).rows as Row[];
    },
    async close() {
      client.release();
      await pool.end();
    },
  };
}

/** A second handle on the bench database that records every query the product runs on it. */
export function tracedDatabase(database: BenchDatabase): { db: Db; take(): CompiledQuery[] } {
  let captured: CompiledQuery[] = [];
  // the driver's own begin/commit pass the same log: the replay brackets its own transaction
  const { db } = openDatabase(loadConfig(database.env), {
    onQuery: (query) => (/^(begin|commit|rollback)\b/i.test(query.sql) ? undefined : captured.push(query)),
  });
  return {
    db,
    take() {
      const taken = captured;
      captured = [];
      return taken;
    },
  };
}
