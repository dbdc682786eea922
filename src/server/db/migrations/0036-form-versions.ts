import { sql, type Kysely } from 'kysely';

/**
 * Form versions as data: each registrant form's versions (draft, published, retired) with its
 * schema, UI schemas and labels. At most one draft and one published version per form (partial
 * unique indexes, on SQLite and PostgreSQL alike); the rows are seeded from the repository's
 * files at start, not here, so this migration keeps doing what it did whatever the files become.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_versions')
    .addColumn('form_name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('schema', 'text', (c) => c.notNull())
    .addColumn('ui_schemas', 'text', (c) => c.notNull())
    .addColumn('labels_zh', 'text', (c) => c.notNull())
    .addColumn('labels_en', 'text', (c) => c.notNull())
    .addColumn('copy_of', 'integer')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_by_name', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('published_by', 'text')
    .addColumn('published_by_name', 'text')
    .addColumn('published_at', 'text')
    .addColumn('retired_by', 'text')
    .addColumn('retired_by_name', 'text')
    .addColumn('retired_at', 'text')
    .addPrimaryKeyConstraint('form_versions_pk', ['form_name', 'version'])
    .execute();
  await sql`create unique index form_versions_one_draft on form_versions (form_name) where state = 'draft'`.execute(db);
  await sql`create unique index form_versions_one_live on form_versions (form_name) where state = 'published'`.execute(db);
  // compiled validator modules by content hash: any instance serves a module another compiled
  await db.schema
    .createTable('form_validator_modules')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_validator_modules').execute();
  await db.schema.dropTable('form_versions').execute();
}
