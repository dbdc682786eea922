import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** PostgreSQL's disk_full: a relation file could not be extended (its tablespace's disk is full) */
const DISK_FULL = '53100';

/** Whether the error (or one of its causes) is PostgreSQL's disk_full. */
export function isDatabaseDiskFull(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    if ((cause as { code?: unknown }).code === DISK_FULL) return true;
  }
  return false;
}

const ROLLBACK = Symbol('rollback');

/**
 * A full PostgreSQL disk, as readiness sees it. `select 1` still answers and reads still work:
 * only a write that needs a new page is refused (53100, answered 507), so the ping of /readyz
 * cannot notice. The instance remembers that the database refused a write for space; from then
 * on each /readyz tries a page: a table created in the default tablespace and a row inserted,
 * in a transaction rolled back (PostgreSQL writes the new page to the file at once, which a
 * full disk refuses with 53100; the rollback removes the file). The first probe that gets its
 * page clears the memory, so readiness is back as soon as space is, and no probe runs while
 * the database never said it was full (on SQLite never: DATA_DIR's own probe covers its file).
 * Approximate where the portal's tables live in another tablespace than the default one.
 */
export class DatabaseSpace {
  private full = false;

  /** Hears every error a request met; remembers PostgreSQL's disk_full. */
  note(error: unknown): void {
    if (isDatabaseDiskFull(error)) this.full = true;
  }

  /** 'full' while the database refuses a new page since it said it was full, else 'ok'. */
  async probe(db: Db): Promise<'ok' | 'full'> {
    if (!this.full) return 'ok';
    try {
      await db.transaction().execute(async (trx) => {
        const table = sql.id(`readyz_space_${randomBytes(6).toString('hex')}`);
        await sql`create table ${table} (page text)`.execute(trx);
        await sql`insert into ${table} (page) values ('readyz')`.execute(trx);
        throw ROLLBACK;
      });
    } catch (error) {
      if (error === ROLLBACK) {
        this.full = false;
        return 'ok';
      }
      if (isDatabaseDiskFull(error)) return 'full';
      throw error;
    }
    return 'ok';
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    databaseSpace: DatabaseSpace;
  }
}

/** The instance's memory of a full database (decorated once, by the error handler's install). */
export function registerDatabaseSpace(app: FastifyInstance, space: DatabaseSpace): void {
  if (!app.hasDecorator('databaseSpace')) app.decorate('databaseSpace', space);
}
