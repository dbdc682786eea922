/**
 * A value that changes whenever a write was committed to the database, by anyone: two equal
 * stamps read before and after some reads mean those reads saw the database as it stood at the
 * first. SQLite: the connection's change stamp (change-stamp.ts). PostgreSQL: the current
 * snapshot (`txid_current_snapshot()`): a committing writer either leaves its list of running
 * transactions or moves its upper bound, so any commit in the cluster changes it (other
 * databases' too: a spurious change only costs a recount). undefined: cannot tell now (a
 * SQLite transaction is open on the connection).
 */
import { sql } from 'kysely';
import type { Db } from './database.js';
import { changeStampOf } from './change-stamp.js';
import { isPostgres } from './dialect.js';

export async function commitStamp(db: Db): Promise<string | undefined> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ snapshot: string }>`select txid_current_snapshot()::text as snapshot`.execute(db);
    return rows[0]?.snapshot;
  }
  return changeStampOf(db)?.();
}
