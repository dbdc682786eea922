import type { Kysely } from 'kysely';

/**
 * Failed sign-ins per account name (normalised), in the database rather than in an in-memory
 * LRU: flooding thousands of other names can no longer evict an account's counter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('account', 'text', (column) => column.primaryKey())
    .addColumn('failures', 'integer', (column) => column.notNull())
    .addColumn('window_start', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sign_in_failures_window_start').on('sign_in_failures').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_failures').execute();
}
