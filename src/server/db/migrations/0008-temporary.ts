import type { Kysely } from 'kysely';

/**
 * Temporary registration: the codes that bind a registration to an event and an
 * attendance mode, the pictures uploaded without sign-in, the registrations themselves and the
 * activity recommendations of /tempActRecommendInvite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('temporary_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('registration_type', 'text')
    .addColumn('event_name', 'text')
    .addColumn('attendance_mode', 'text')
    .addColumn('event_discarded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('temporary_codes_edition_code', ['edition_id', 'code'])
    .execute();

  await db.schema
    .createTable('temporary_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('rule_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('storage_name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // set when a registration takes the picture: a picture serves one registration only
    .addColumn('registration_id', 'text')
    .execute();

  await db.schema
    .createTable('temporary_registrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('registration_type', 'text', (c) => c.notNull())
    .addColumn('invite_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('attendance_mode', 'text', (c) => c.notNull())
    .addColumn('picture_id', 'text', (c) => c.notNull().references('temporary_uploads.id'))
    .addColumn('account_id', 'text', (c) => c.references('accounts.id'))
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('schema_version', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('temporary_registrations_mobile', ['edition_id', 'registration_type', 'mobile'])
    .execute();
  await db.schema.createIndex('temporary_registrations_list').on('temporary_registrations').columns(['edition_id', 'created_at']).execute();

  await db.schema
    .createTable('temporary_recommendations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('invitee_name', 'text', (c) => c.notNull())
    .addColumn('recommender_mobile', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('schema_version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('temporary_recommendations').ifExists().execute();
  await db.schema.dropTable('temporary_registrations').ifExists().execute();
  await db.schema.dropTable('temporary_uploads').ifExists().execute();
  await db.schema.dropTable('temporary_codes').ifExists().execute();
}
