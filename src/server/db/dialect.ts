import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Whether a Kysely instance talks to PostgreSQL (else SQLite): the one way code learns the
 * dialect, read from the instance itself, so a transaction, a traced copy or a migration's
 * handle answers like the database it came from and nothing passes the answer around.
 */
export function isPostgres(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
