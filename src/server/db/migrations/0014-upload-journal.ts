import type { Kysely } from 'kysely';

/**
 * The upload journal: the files a live request is writing into the upload
 * store, and the processes ("writers") that write them with their last sign of life. The sweep
 * spares exactly the journaled files of live writers, whatever the files' age.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_writers')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('host', 'text', (column) => column.notNull())
    .addColumn('pid', 'integer', (column) => column.notNull())
    .addColumn('heartbeat_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('upload_journal')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('writer_id', 'text', (column) => column.notNull())
    .addColumn('started_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('upload_journal_writer').on('upload_journal').column('writer_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_journal').execute();
  await db.schema.dropTable('upload_writers').execute();
}
