import { sql } from 'kysely';
import type { Db } from './database.js';
import { isPostgres } from './dialect.js';

/** What became of the space erased rows left behind. */
export interface FreedSpaceReport {
  /** SQLite: the file rebuilt by VACUUM; PostgreSQL: the tables rewritten by VACUUM FULL */
  rewritten: string[];
  /** PostgreSQL: whether CHECKPOINT ran (it needs a superuser or the pg_checkpoint role) */
  checkpointed: boolean;
}

/**
 * After rows were erased (retention purge), the old values must not stay readable in the
 * database files. SQLite (secure_delete is on from the open, see database.ts) is rebuilt by
 * VACUUM, which leaves no free page or unused cell behind, and its WAL is checkpointed and
 * truncated, so neither file keeps an older page image. PostgreSQL's plain VACUUM only marks dead
 * tuples as free space, their bytes stay in the table files: VACUUM FULL rewrites each table (and
 * its TOAST table and indexes) into new files and truncates the old ones; CHECKPOINT then has
 * the old files unlinked. The WAL segments written before still hold the old tuples until
 * PostgreSQL recycles them, and so do backups taken before.
 */
export async function eraseFreedSpace(db: Db, tables: readonly string[]): Promise<FreedSpaceReport> {
  if (!isPostgres(db)) {
    await sql`vacuum`.execute(db);
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
    return { rewritten: ['(database file)'], checkpointed: true };
  }
  const rewritten: string[] = [];
  for (const table of new Set(tables)) {
    await sql`vacuum full ${sql.table(table)}`.execute(db);
    rewritten.push(table);
  }
  let checkpointed = true;
  try {
    await sql`checkpoint`.execute(db);
  } catch {
    checkpointed = false;
  }
  return { rewritten, checkpointed };
}
