import type { Kysely } from 'kysely';

/**
 * Itinerary (unit side) and reception (organisers) of each entourage member: JSON documents
 * of the same schemas as the guest's, each with the schema version it was saved under.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('entourage_members').addColumn('itinerary', 'text').execute();
  await db.schema.alterTable('entourage_members').addColumn('itinerary_version', 'integer').execute();
  await db.schema.alterTable('entourage_members').addColumn('reception', 'text').execute();
  await db.schema.alterTable('entourage_members').addColumn('reception_version', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('entourage_members').dropColumn('reception_version').execute();
  await db.schema.alterTable('entourage_members').dropColumn('reception').execute();
  await db.schema.alterTable('entourage_members').dropColumn('itinerary_version').execute();
  await db.schema.alterTable('entourage_members').dropColumn('itinerary').execute();
}
