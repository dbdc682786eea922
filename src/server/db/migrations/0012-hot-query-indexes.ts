import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/** the guests' mobile look-up, by the name the live look-up's query plan is checked against (guest-indexes.ts) */
const MOBILE_LOOKUP_INDEX = 'guests_edition_mobile';

/**
 * Every hot guest query on an index, on SQLite and PostgreSQL.
 * - the mobile look-up of every guest add/save (migration 0017 renames its column to the blind
 *   index; the index follows);
 * - the console's and the review queue's list order (newest first, partial index over the
 *   guests that belong to a unit, which every list reads), its status and invitation-code
 *   filters, the arrival-day filter (an expression index on the itinerary's arrival day), and a
 *   unit's own list;
 * - name search: PostgreSQL pg_trgm GIN indexes; SQLite an FTS5 trigram table kept by
 *   triggers; both serve queries of 3+ characters. Shorter ones (two-character Chinese names)
 *   are prefix ranges on the name, the name from its 2nd and from its 3rd character.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema.createIndex(MOBILE_LOOKUP_INDEX).on('guests').columns(['edition_id', 'mobile']).execute();

  // the old status index lacked the id tie-breaker, so "newest first, then id" still sorted
  await db.schema.dropIndex('guests_status').execute();
  await db.schema
    .createIndex('guests_status_listing')
    .on('guests')
    .columns(['edition_id', 'audit_status', 'created_at', 'id'])
    .where(sql.ref('unit_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('guests_listing')
    .on('guests')
    .columns(['edition_id', 'created_at', 'id'])
    .where(sql.ref('unit_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('guests_unit_listing').on('guests').columns(['edition_id', 'unit_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('guests_invitation_code').on('guests').columns(['edition_id', 'invitation_code']).execute();
  await sql`create index guests_arrival_day on guests (edition_id, ${arrivalDay(postgres)})`.execute(db);

  if (postgres) {
    // pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it. It lives
    // in public so several schemas (test runs) share it; the advisory lock keeps two
    // migrations running side by side from racing on its creation.
    await sql`select pg_advisory_xact_lock(1712)`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`create index guests_name_trgm on guests using gin (name public.gin_trgm_ops)`.execute(db);
    await sql`create index guests_name_en_trgm on guests using gin (name_en public.gin_trgm_ops)`.execute(db);
  }
  // searches of 1-2 characters (no trigram index serves them): prefix ranges on the name, the
  // name from its 2nd and from its 3rd character, and the English name (guest-name-search.ts)
  const patternOps = postgres ? sql` text_pattern_ops` : sql``;
  for (const [index, expression] of NAME_PREFIX_KEYS)
    await sql`create index ${sql.raw(index)} on guests ((${expression})${patternOps})`.execute(db);
  if (postgres) return;
  // external content: the names are stored once (in guests); the triggers keep the index in step
  await sql`create virtual table guests_name_search using fts5(name, name_en, content='guests', content_rowid='rowid', tokenize='trigram')`.execute(
    db,
  );
  await sql`create trigger guests_name_search_insert after insert on guests begin
    insert into guests_name_search(rowid, name, name_en) values (new.rowid, new.name, new.name_en);
  end`.execute(db);
  await sql`create trigger guests_name_search_delete after delete on guests begin
    insert into guests_name_search(guests_name_search, rowid, name, name_en) values ('delete', old.rowid, old.name, old.name_en);
  end`.execute(db);
  await sql`create trigger guests_name_search_update after update of name, name_en on guests begin
    insert into guests_name_search(guests_name_search, rowid, name, name_en) values ('delete', old.rowid, old.name, old.name_en);
    insert into guests_name_search(rowid, name, name_en) values (new.rowid, new.name, new.name_en);
  end`.execute(db);
  await sql`insert into guests_name_search(guests_name_search) values ('rebuild')`.execute(db);
}

const NAME_PREFIX_KEYS = [
  ['guests_name_prefix', sql`name`],
  ['guests_name_from_2nd', sql`substr(name, 2)`],
  ['guests_name_from_3rd', sql`substr(name, 3)`],
  ['guests_name_en_prefix', sql`name_en`],
] as const;

/** The same expression the console's arrival-day filter uses (console-sql.ts legDate). */
function arrivalDay(postgres: boolean) {
  return postgres
    ? sql`substr((itinerary::jsonb #>> '{arrival,arrivalTime}'), 1, 10)`
    : sql`substr(json_extract(itinerary, '$.arrival.arrivalTime'), 1, 10)`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  if (!postgres) {
    for (const trigger of ['guests_name_search_insert', 'guests_name_search_delete', 'guests_name_search_update'])
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    await sql`drop table if exists guests_name_search`.execute(db);
  }
  for (const index of [
    'guests_name_en_prefix',
    'guests_name_from_3rd',
    'guests_name_from_2nd',
    'guests_name_prefix',
    'guests_name_en_trgm',
    'guests_name_trgm',
    'guests_arrival_day',
    'guests_invitation_code',
    'guests_unit_listing',
    'guests_listing',
    'guests_status_listing',
    MOBILE_LOOKUP_INDEX,
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.createIndex('guests_status').on('guests').columns(['edition_id', 'audit_status', 'created_at']).execute();
}
