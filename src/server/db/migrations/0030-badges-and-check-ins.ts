import type { Kysely } from 'kysely';

/**
 * The door: a badge per approved guest or entourage member (its id is what the QR code carries,
 * signed; revoking it makes a new one), and at most one check-in per badge. The check-in's
 * primary key is the badge: two scans of one badge, even from two phones at once, record one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('badges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('edition_id', 'text', (c) => c.notNull())
    .addColumn('unit_id', 'text', (c) => c.notNull())
    .addColumn('guest_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text')
    .addColumn('person_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('badges_person').on('badges').columns(['edition_id', 'person_key']).execute();
  await db.schema.createIndex('badges_unit').on('badges').columns(['edition_id', 'unit_id']).execute();
  await db.schema
    .createTable('check_ins')
    .addColumn('badge_id', 'text', (c) => c.primaryKey())
    .addColumn('edition_id', 'text', (c) => c.notNull())
    .addColumn('person_key', 'text', (c) => c.notNull())
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('station', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('check_ins_edition').on('check_ins').columns(['edition_id', 'scanned_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('check_ins').execute();
  await db.schema.dropTable('badges').execute();
}
