import type { Kysely } from 'kysely';

/**
 * The separate consent to the processing of an ID number (PIPL art. 29): which
 * version of the consent text was agreed to and when (server clock), beside each guest and
 * entourage member. Rows saved before have none: the form asks for the consent on their next save.
 */
const TABLES = ['guests', 'entourage_members'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('id_number_consent_version', 'integer').execute();
    await db.schema.alterTable(table).addColumn('id_number_consent_at', 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).dropColumn('id_number_consent_at').execute();
    await db.schema.alterTable(table).dropColumn('id_number_consent_version').execute();
  }
}
