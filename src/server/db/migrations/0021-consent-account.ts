import type { Kysely } from 'kysely';

/**
 * Who gave the ID-number consent: the account that submitted the save recording it,
 * beside the version and time of 0018. Consents recorded before stay without one (null): the
 * account that sent them is not known.
 */
const TABLES = ['guests', 'entourage_members'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('id_number_consent_by', 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).dropColumn('id_number_consent_by').execute();
  }
}
