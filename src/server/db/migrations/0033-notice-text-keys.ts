import type { Kysely } from 'kysely';

/**
 * Notices the portal writes itself (a review decision, a place freed on an activity) keep the
 * keys of their title and text and the values filled into them, so each reader gets them in
 * their own language. The stored title and content stay the default language's text: organisers'
 * notices have no keys, and rows written before this migration read as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notices').addColumn('title_key', 'text').execute();
  await db.schema.alterTable('notices').addColumn('content_key', 'text').execute();
  await db.schema.alterTable('notices').addColumn('text_params', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notices').dropColumn('text_params').execute();
  await db.schema.alterTable('notices').dropColumn('content_key').execute();
  await db.schema.alterTable('notices').dropColumn('title_key').execute();
}
