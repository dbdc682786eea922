import type { Kysely } from 'kysely';

/**
 * The organisers' console: invitation-code life cycle (expiry, usage cap, revocation,
 * batch), notice publications (a draft and its targets; publishing writes one notice row per
 * target so the unread count of SPEC 7 needs no change), hotels and receptionists to pick from,
 * and before/after values in the audit log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invitation_codes').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('invitation_codes').addColumn('max_uses', 'integer').execute();
  await db.schema.alterTable('invitation_codes').addColumn('revoked_at', 'text').execute();
  await db.schema.alterTable('invitation_codes').addColumn('batch_id', 'text').execute();
  await db.schema.alterTable('invitation_codes').addColumn('note', 'text').execute();

  await db.schema
    .createTable('notice_publications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('edition_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('audiences', 'text', (c) => c.notNull())
    .addColumn('unit_ids', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .execute();
  await db.schema.alterTable('notices').addColumn('publication_id', 'text').execute();
  await db.schema.createIndex('notices_publication').on('notices').column('publication_id').execute();

  await db.schema
    .createTable('hotels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('edition_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('phone', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hotels_edition_name').unique().on('hotels').columns(['edition_id', 'name']).execute();
  await db.schema
    .createTable('receptionists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('edition_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('hotel_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('receptionists_edition_mobile').unique().on('receptionists').columns(['edition_id', 'mobile']).execute();

  await db.schema.alterTable('audit_log').addColumn('before_value', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('after_value', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('target_label', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('target_label').execute();
  await db.schema.alterTable('audit_log').dropColumn('after_value').execute();
  await db.schema.alterTable('audit_log').dropColumn('before_value').execute();
  await db.schema.dropTable('receptionists').execute();
  await db.schema.dropTable('hotels').execute();
  await db.schema.dropIndex('notices_publication').execute();
  await db.schema.alterTable('notices').dropColumn('publication_id').execute();
  await db.schema.dropTable('notice_publications').execute();
  for (const column of ['note', 'batch_id', 'revoked_at', 'max_uses', 'expires_at']) {
    await db.schema.alterTable('invitation_codes').dropColumn(column).execute();
  }
}
