import { PostgresAdapter, type Kysely } from 'kysely';

/** Whether a Kysely instance talks to PostgreSQL (migrations get no other hint of the dialect). */
export async function isPostgres(db: Pick<Kysely<unknown>, 'getExecutor'>): Promise<boolean> {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
