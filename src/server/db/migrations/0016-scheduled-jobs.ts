import type { Kysely } from 'kysely';

/**
 * When each piece of scheduled work (purges, upload sweeps) last ran, across every instance
 *: an instance runs a job only under its PostgreSQL advisory lock and only when
 * this row says it is due, so the work is done once per period however many instances run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('last_run_at', 'text', (column) => column.notNull())
    .addColumn('last_runner', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_jobs').execute();
}
