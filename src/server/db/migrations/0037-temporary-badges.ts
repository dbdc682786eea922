import { sql, type Kysely } from 'kysely';

/**
 * A badge may belong to an approved temporary registration (people who register on the day,
 * without a unit): such a badge has no unit and no guest, and names the registration in
 * `temporary_id` (its person key is `t:<registration id>`). SQLite cannot drop a NOT NULL, so the
 * table is rebuilt the same way on both databases: the old one renamed, the new one filled from
 * it, the old one dropped. Every existing badge keeps its id, so its QR code and check-in stay valid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, true);
}

/** Badges of temporary registrations cannot live in the old shape: they go, with their check-ins. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from check_ins where badge_id in (select id from badges where temporary_id is not null)`.execute(db);
  await sql`delete from badges where temporary_id is not null`.execute(db);
  await rebuild(db, false);
}

async function rebuild(db: Kysely<unknown>, withTemporary: boolean): Promise<void> {
  await db.schema.dropIndex('badges_person').execute();
  await db.schema.dropIndex('badges_unit').execute();
  await db.schema.alterTable('badges').renameTo('badges_before_0037').execute();
  let badges = db.schema
    .createTable('badges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('edition_id', 'text', (c) => c.notNull());
  badges = withTemporary
    ? badges.addColumn('unit_id', 'text').addColumn('guest_id', 'text')
    : badges.addColumn('unit_id', 'text', (c) => c.notNull()).addColumn('guest_id', 'text', (c) => c.notNull());
  badges = badges
    .addColumn('member_id', 'text')
    .addColumn('person_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text');
  if (withTemporary) badges = badges.addColumn('temporary_id', 'text');
  await badges.execute();
  await sql`insert into badges (id, edition_id, unit_id, guest_id, member_id, person_key, created_at, revoked_at)
    select id, edition_id, unit_id, guest_id, member_id, person_key, created_at, revoked_at from badges_before_0037`.execute(db);
  await db.schema.dropTable('badges_before_0037').execute();
  await db.schema.createIndex('badges_person').on('badges').columns(['edition_id', 'person_key']).execute();
  await db.schema.createIndex('badges_unit').on('badges').columns(['edition_id', 'unit_id']).execute();
}
