import type { Kysely } from 'kysely';

/**
 * The entourage workbook reads an edition's members oldest first in keyset
 * pages of (created_at, id). Without an index in that order every page sorted the edition's
 * members again; with it each page starts where the last ended, like the guests workbook on
 * guests_listing (0012).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('entourage_listing').on('entourage_members').columns(['edition_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('entourage_listing').execute();
}
