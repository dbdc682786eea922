import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Db } from '../../src/server/db/database.js';
import { nameSuffixesMatching } from '../../src/server/features/guests/guest-name-search.js';
import { describeEachDatabase, isolatedDatabase, type IsolatedDatabase } from './helpers/databases.js';
import { migratedUpTo } from './helpers/migration-stage.js';

/**
 * Migration 0026 indexes the names of the guests already stored (a unit's guests only), and its
 * triggers keep the index for guests written after it, including a guest given a unit later.
 */
describeEachDatabase("migration 0026 indexes the stored guests' names", (kind) => {
  let database: IsolatedDatabase;
  let db: Db;
  const edition = randomUUID();
  const unit = randomUUID();
  const guests = { chinese: randomUUID(), english: randomUUID(), unitless: randomUUID(), later: randomUUID() };
  const now = new Date().toISOString();
  const insertGuest = (id: string, unitId: string | null, name: string, nameEn: string | null) =>
    sql`insert into guests (id, edition_id, unit_id, name, name_en, audit_status, document, schema_version, created_at) values (${id}, ${edition}, ${unitId}, ${name}, ${nameEn}, 'approved', '{}', 1, ${now})`.execute(
      db,
    );
  const found = async (typed: string) =>
    (
      await nameSuffixesMatching(db, kind === 'postgres', edition, typed)
        .select('guest_name_suffixes.guest_id')
        .distinct()
        .execute()
    )
      .map((row) => row.guest_id)
      .sort();

  beforeAll(async () => {
    database = await isolatedDatabase(kind);
    const stage = await migratedUpTo(database, kind, '0025-invitation-codes-in-capitals');
    db = stage.db;
    await sql`insert into editions (id, year, name, is_current, created_at) values (${edition}, 2027, 'Summit', 1, ${now})`.execute(db);
    await sql`insert into units (id, edition_id, unit_type, name, document, schema_version, created_at) values (${unit}, ${edition}, 'enterprise', 'U', '{}', 1, ${now})`.execute(
      db,
    );
    await insertGuest(guests.chinese, unit, '欧阳检索人', null);
    await insertGuest(guests.english, unit, '张三', 'Zhang Sanfeng');
    await insertGuest(guests.unitless, null, '李无单位', 'Li Sanfeng');
    await stage.migrateToLatest();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.dispose();
  });

  it('finds the guests stored before it by any part of 3+ characters, not a guest without a unit', async () => {
    expect(await found('检索人')).toEqual([guests.chinese]);
    expect(await found('欧阳检')).toEqual([guests.chinese]);
    expect(await found('Sanfeng')).toEqual([guests.english]);
    expect(await found('g Sa')).toEqual([guests.english]);
    expect(await found('无单位')).toEqual([]);
  });

  it('keeps guests written after it, one given a unit later, renamed or saved unchanged', async () => {
    await insertGuest(guests.later, unit, '王后来', 'Wang Sanfeng');
    expect(await found('Sanfeng')).toEqual([guests.english, guests.later].sort());
    await sql`update guests set unit_id = ${unit} where id = ${guests.unitless}`.execute(db);
    expect(await found('无单位')).toEqual([guests.unitless]);
    await sql`update guests set unit_id = null where id = ${guests.unitless}`.execute(db);
    expect(await found('无单位')).toEqual([]);
    // a save that writes the same names keeps the guest found
    await sql`update guests set name = name, name_en = name_en, audit_status = 'pending' where id = ${guests.english}`.execute(db);
    expect(await found('Sanfeng')).toEqual([guests.english, guests.later].sort());
    await sql`update guests set name_en = ${'Zhang Wuji'} where id = ${guests.english}`.execute(db);
    expect(await found('Sanfeng')).toEqual([guests.later]);
    expect(await found('Wuji')).toEqual([guests.english]);
  });
});
