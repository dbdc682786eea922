import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * Name search of 3+ characters on an exact index. The trigram indexes of
 * 0012 only narrowed the search: "Zhang Li" drew 2,273 pg_trgm candidates at 100,000 guests
 * (752 kept after reading each row again), and the FTS5 trigram phrase read the posting lists
 * of common trigrams ("ang", "zha") that grow with the table; search time grew 1.8-2.2x from
 * 10,000 to 100,000 guests. Here every suffix of 3+ characters of each name and English name
 * is a key: "contains x" is "some suffix starts with x", a range of the index holding exactly
 * the matching guests, with their list order (created_at) beside them so a search counts and
 * pages its matches from the index alone.
 * - Only guests of a unit: every list that searches names reads those alone.
 * - The key is what LIKE compares: PostgreSQL's LIKE is case-sensitive, so the suffix as typed
 *   (collation "C", on which LIKE 'x%' is an index range); SQLite's folds ASCII case, so the
 *   suffix in lower() (ASCII only, the same folding).
 * - Triggers keep it in step with every writer of guests (add, save, delete, imports, seeds).
 *   SQLite triggers cannot generate rows, so they join a table of positions 1..MAX_NAME (a
 *   name is at most 100 characters: definitions.json personName).
 * The trigram indexes and the FTS5 table of 0012 served only this search and are dropped.
 */
const MAX_NAME = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  if (postgres) {
    await sql`create table guest_name_suffixes (
      edition_id text not null,
      suffix text collate "C" not null,
      guest_id text not null,
      created_at text not null,
      primary key (edition_id, suffix, guest_id) include (created_at)
    )`.execute(db);
    await sql`create index guest_name_suffixes_guest on guest_name_suffixes (guest_id)`.execute(db);
    // search_path, not a schema name: test runs keep their tables in schemas of their own
    await sql`create function guest_name_suffixes_sync() returns trigger language plpgsql as $$
    begin
      -- a save that keeps the names (most do) keeps the rows
      if tg_op = 'UPDATE' and (old.id, old.edition_id, old.unit_id, old.name, old.name_en, old.created_at)
        is not distinct from (new.id, new.edition_id, new.unit_id, new.name, new.name_en, new.created_at) then
        return null;
      end if;
      if tg_op <> 'INSERT' then
        delete from guest_name_suffixes where guest_id = old.id;
      end if;
      if tg_op <> 'DELETE' and new.unit_id is not null then
        insert into guest_name_suffixes (edition_id, suffix, guest_id, created_at)
        select distinct new.edition_id, substr(names.name, position), new.id, new.created_at
        from (values (new.name), (new.name_en)) as names(name)
        cross join generate_series(1, char_length(names.name) - 2) as position
        where names.name is not null;
      end if;
      return null;
    end
    $$`.execute(db);
    await sql`create trigger guest_name_suffixes_sync after insert or delete or update of name, name_en, unit_id, edition_id, created_at, id on guests
      for each row execute function guest_name_suffixes_sync()`.execute(db);
    await sql`insert into guest_name_suffixes (edition_id, suffix, guest_id, created_at)
      select distinct guests.edition_id, substr(names.name, position), guests.id, guests.created_at
      from guests
      cross join lateral (values (guests.name), (guests.name_en)) as names(name)
      cross join lateral generate_series(1, char_length(names.name) - 2) as position
      where guests.unit_id is not null and names.name is not null`.execute(db);
    // statistics now, not at the next (auto)vacuum: the planner's row estimates for the ranges
    await sql`analyze guest_name_suffixes`.execute(db);
    await sql`drop index if exists guests_name_trgm`.execute(db);
    await sql`drop index if exists guests_name_en_trgm`.execute(db);
    return;
  }
  await sql`create table guest_name_positions (n integer primary key)`.execute(db);
  await sql`with recursive positions(n) as (select 1 union all select n + 1 from positions where n < ${sql.lit(MAX_NAME)})
    insert into guest_name_positions (n) select n from positions`.execute(db);
  await sql`create table guest_name_suffixes (
    edition_id text not null,
    suffix text not null,
    guest_id text not null,
    created_at text not null,
    primary key (edition_id, suffix, guest_id)
  ) without rowid`.execute(db);
  await sql`create index guest_name_suffixes_guest on guest_name_suffixes (guest_id)`.execute(db);
  const suffixesOf = (
    names: RawBuilder<unknown>,
  ) => sql`select names.edition_id, substr(lower(names.name), positions.n), names.id, names.created_at
    from (${names}) as names
    join guest_name_positions as positions on positions.n <= length(names.name) - 2`;
  const newNames = sql`select new.edition_id as edition_id, new.id as id, new.created_at as created_at, new.name as name union all select new.edition_id, new.id, new.created_at, new.name_en`;
  await sql`create trigger guest_name_suffixes_insert after insert on guests when new.unit_id is not null begin
    insert or ignore into guest_name_suffixes (edition_id, suffix, guest_id, created_at) ${suffixesOf(newNames)};
  end`.execute(db);
  await sql`create trigger guest_name_suffixes_delete after delete on guests begin
    delete from guest_name_suffixes where guest_id = old.id;
  end`.execute(db);
  await sql`create trigger guest_name_suffixes_update after update of name, name_en, unit_id, edition_id, created_at, id on guests
    when old.name is not new.name or old.name_en is not new.name_en or old.unit_id is not new.unit_id
      or old.edition_id is not new.edition_id or old.created_at is not new.created_at or old.id is not new.id begin
    delete from guest_name_suffixes where guest_id = old.id;
    insert or ignore into guest_name_suffixes (edition_id, suffix, guest_id, created_at) ${suffixesOf(newNames)} where new.unit_id is not null;
  end`.execute(db);
  const guestNames = sql`select edition_id, id, created_at, name from guests where unit_id is not null
    union all select edition_id, id, created_at, name_en from guests where unit_id is not null`;
  await sql`insert or ignore into guest_name_suffixes (edition_id, suffix, guest_id, created_at) ${suffixesOf(guestNames)}`.execute(db);
  await sql`drop trigger if exists guests_name_search_insert`.execute(db);
  await sql`drop trigger if exists guests_name_search_delete`.execute(db);
  await sql`drop trigger if exists guests_name_search_update`.execute(db);
  await sql`drop table if exists guests_name_search`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  if (postgres) {
    await sql`drop trigger if exists guest_name_suffixes_sync on guests`.execute(db);
    await sql`drop function if exists guest_name_suffixes_sync()`.execute(db);
    await sql`drop table if exists guest_name_suffixes`.execute(db);
    await sql`create index guests_name_trgm on guests using gin (name public.gin_trgm_ops)`.execute(db);
    await sql`create index guests_name_en_trgm on guests using gin (name_en public.gin_trgm_ops)`.execute(db);
    return;
  }
  for (const trigger of ['guest_name_suffixes_insert', 'guest_name_suffixes_delete', 'guest_name_suffixes_update'])
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  await sql`drop table if exists guest_name_suffixes`.execute(db);
  await sql`drop table if exists guest_name_positions`.execute(db);
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
