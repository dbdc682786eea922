import type { Kysely } from 'kysely';

/**
 * Content screens: published downloads, and one table of schema documents for the
 * organiser catalogues (historical guests, investment projects) and the unit-scoped records
 * (vehicles, unofficial-activity guests). `kind` names the schema of `document`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('downloads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('downloads_edition').on('downloads').columns(['edition_id', 'category', 'created_at']).execute();

  await db.schema
    .createTable('content_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    // null for the catalogues, which outlive an edition (past sessions, standing projects)
    .addColumn('edition_id', 'text', (c) => c.references('editions.id'))
    .addColumn('unit_id', 'text', (c) => c.references('units.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    // lower-cased text of the searchable fields: LIKE works the same on both databases
    .addColumn('search_text', 'text', (c) => c.notNull())
    // the one filter besides the keyword (the session of a historical guest)
    .addColumn('tag', 'text')
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('schema_version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_records_scope')
    .on('content_records')
    .columns(['kind', 'edition_id', 'unit_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_records').execute();
  await db.schema.dropTable('downloads').execute();
}
