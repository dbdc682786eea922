import type { Kysely } from 'kysely';

/**
 * A deregistered guest or a removed entourage member takes their sign-ups and assignments along
 * (ON DELETE CASCADE), so those deletions never fail on these tables.
 *
 * Activities: the activity document with the columns sign-up decides on, sign-ups and
 * waiting list of guests and entourage members, and organisers' assignments to invited activities.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('member_limit', 'integer')
    .addColumn('sign_up_start', 'text')
    .addColumn('sign_up_end', 'text')
    .addColumn('allow_entourage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('schema_version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activities_tab').on('activities').columns(['edition_id', 'category', 'status', 'start_time']).execute();

  // guest types that see an activity (its tab); no row = every guest type
  await db.schema
    .createTable('activity_visibility')
    .addColumn('activity_id', 'text', (c) => c.notNull().references('activities.id'))
    .addColumn('guest_type', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_visibility_pk', ['activity_id', 'guest_type'])
    .execute();

  await db.schema
    .createTable('activity_sign_ups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('activity_id', 'text', (c) => c.notNull().references('activities.id'))
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
    .addColumn('guest_id', 'text', (c) => c.notNull().references('guests.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.references('entourage_members.id').onDelete('cascade'))
    // 'g:<guest id>' or 'm:<member id>': one sign-up per person and activity, also under races
    .addColumn('person_key', 'text', (c) => c.notNull())
    .addColumn('person_name', 'text', (c) => c.notNull())
    // 'signed-up' | 'waiting'
    .addColumn('status', 'text', (c) => c.notNull())
    // order of arrival within the activity: the waiting list is promoted in this order
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('speaker', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('speech_materials', 'text')
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('schema_version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activity_sign_ups_person').unique().on('activity_sign_ups').columns(['activity_id', 'person_key']).execute();
  await db.schema.createIndex('activity_sign_ups_order').on('activity_sign_ups').columns(['activity_id', 'status', 'seq']).execute();
  await db.schema.createIndex('activity_sign_ups_unit').on('activity_sign_ups').columns(['unit_id', 'activity_id']).execute();

  await db.schema
    .createTable('activity_assignments')
    .addColumn('activity_id', 'text', (c) => c.notNull().references('activities.id'))
    .addColumn('guest_id', 'text', (c) => c.notNull().references('guests.id').onDelete('cascade'))
    .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_assignments_pk', ['activity_id', 'guest_id'])
    .execute();
  await db.schema.createIndex('activity_assignments_unit').on('activity_assignments').columns(['unit_id', 'activity_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('activity_assignments').ifExists().execute();
  await db.schema.dropTable('activity_sign_ups').ifExists().execute();
  await db.schema.dropTable('activity_visibility').ifExists().execute();
  await db.schema.dropTable('activities').ifExists().execute();
}
