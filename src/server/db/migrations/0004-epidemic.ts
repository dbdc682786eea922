import type { Kysely } from 'kysely';

/** Epidemic-prevention information of an approved guest: JSON document + its schema version. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('guests').addColumn('epidemic', 'text').execute();
  await db.schema.alterTable('guests').addColumn('epidemic_version', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('guests').dropColumn('epidemic_version').execute();
  await db.schema.alterTable('guests').dropColumn('epidemic').execute();
}
