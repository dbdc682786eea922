import type { Kysely } from 'kysely';

/** Stored files: the bytes live under DATA_DIR/uploads/<storage_name>, this row says whose they are. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('unit_id', 'text', (c) => c.references('units.id'))
    .addColumn('rule_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('storage_name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_owner').on('uploads').column('owner_account_id').execute();
  await db.schema.createIndex('uploads_unit').on('uploads').column('unit_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploads').ifExists().execute();
}
