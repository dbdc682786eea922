import type { Kysely } from 'kysely';

/**
 * Messages of good wishes: one per unit and edition, a JSON document of the
 * good-wishes schema with the version it was saved under. Saving again replaces it (upsert on
 * the unique pair), so two saves at once never leave two messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('good_wishes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('schema_version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('good_wishes_edition_unit').unique().on('good_wishes').columns(['edition_id', 'unit_id']).execute();
  await db.schema.createIndex('good_wishes_updated').on('good_wishes').columns(['edition_id', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('good_wishes').execute();
}
