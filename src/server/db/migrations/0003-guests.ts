import type { Kysely } from 'kysely';

/**
 * Guest lifecycle: edition settings, invitation-code configuration, guest columns
 * for what is searched or decided on, entourage, audit log, and unit-targeted notices.
 * Documents stay JSON text with the schema version they were saved under.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // organisers' overrides of config/edition.json (JSON object, null = all defaults)
  await db.schema.alterTable('editions').addColumn('settings', 'text').execute();

  // what each invitation-code error of the catalogue (10003-10006) is decided on
  await db.schema.alterTable('invitation_codes').addColumn('company_id', 'text').execute();
  await db.schema.alterTable('invitation_codes').addColumn('guest_type', 'text').execute();
  await db.schema.alterTable('invitation_codes').addColumn('review_required', 'integer').execute();

  // a unit document saved through the unit-information form (0 = only the registration stub)
  await db.schema
    .alterTable('units')
    .addColumn('complete', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('units').addColumn('updated_at', 'text').execute();

  for (const [name, type] of [
    ['name_en', 'text'],
    ['id_number_hash', 'text'],
    ['id_number_masked', 'text'],
    ['guest_type', 'text'],
    ['reject_reason', 'text'],
    ['attendance', 'text'],
    ['intention', 'text'],
    ['intention_version', 'integer'],
    ['itinerary', 'text'],
    ['itinerary_version', 'integer'],
    ['reception', 'text'],
    ['reception_version', 'integer'],
    ['updated_at', 'text'],
  ] as const) {
    await db.schema.alterTable('guests').addColumn(name, type).execute();
  }
  await db.schema.createIndex('guests_unit_status').on('guests').columns(['edition_id', 'unit_id', 'audit_status']).execute();
  await db.schema.createIndex('guests_unit_name').on('guests').columns(['edition_id', 'unit_id', 'name']).execute();
  await db.schema.createIndex('guests_status').on('guests').columns(['edition_id', 'audit_status', 'created_at']).execute();
  // "already exists, do not add again": one person once per edition, also under concurrent adds
  await db.schema.createIndex('guests_edition_person').unique().on('guests').columns(['edition_id', 'id_number_hash']).execute();

  await db.schema
    .createTable('entourage_members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('guest_id', 'text', (c) => c.notNull().references('guests.id'))
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('unit_id', 'text', (c) => c.references('units.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('id_number_hash', 'text', (c) => c.notNull())
    .addColumn('id_number_masked', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('schema_version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('entourage_guest').on('entourage_members').column('guest_id').execute();
  await db.schema
    .createIndex('entourage_edition_person')
    .unique()
    .on('entourage_members')
    .columns(['edition_id', 'id_number_hash'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('edition_id', 'text', (c) => c.notNull().references('editions.id'))
    .addColumn('actor_account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('actor_account', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['edition_id', 'at']).execute();

  // notices for one unit only (review decisions); null = as before (everyone or an account type)
  await db.schema.alterTable('notices').addColumn('unit_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
  await db.schema.dropTable('entourage_members').ifExists().execute();
}
