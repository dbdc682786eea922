import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rotateKeys } from '../../scripts/keys-rotate.js';
import { type Db } from '../../src/server/db/database.js';
import { keyIdOf, makeKeyring, parseKey } from '../../src/server/security/data-keys.js';
import { DataProtection } from '../../src/server/security/data-protection.js';
import { resealColumns, SEALED_COLUMNS } from '../../src/server/security/sealed-columns.js';
import { isSealed, keyIdOfSealed } from '../../src/server/security/sealed-values.js';
import { describeEachDatabase, isolatedDatabase, type IsolatedDatabase } from './helpers/databases.js';
import { migratedUpTo } from './helpers/migration-stage.js';
import { TEST_ENV } from './helpers/test-env.js';

const MOBILE = '13955550020';
const OTHER = '13955550021';
const NEW_KEY = 'Tm93IHRoZSBuZXcgZGF0YSBrZXkgb2YgMzIgYnl0ZXM=';

/** Migration 0020 seals receptionists' mobiles written before it; keys:rotate re-seals them afterwards. */
describeEachDatabase('migration 0020 seals receptionist mobiles', (kind) => {
  let database: IsolatedDatabase;
  let db: Db;
  let protection: DataProtection;
  const ids = { first: randomUUID(), second: randomUUID(), twin: randomUUID(), audit: randomUUID(), organiser: randomUUID() };
  const edition = randomUUID();

  beforeAll(async () => {
    database = await isolatedDatabase(kind);
    const stage = await migratedUpTo(database, kind, '0019-sealed-account-names');
    ({ db, protection } = stage);
    // rows as the server wrote them before 0020: the mobile in clear, in the row and in the audit copy
    const now = new Date().toISOString();
    await sql`insert into accounts (id, account, name, user_type, password_hash, created_at, updated_at) values (${ids.organiser}, 'o@example.com', 'O', 'organiser', 'x', ${now}, ${now})`.execute(
      db,
    );
    await sql`insert into editions (id, year, name, is_current, created_at) values (${edition}, 2027, 'Summit', 1, ${now})`.execute(db);
    await sql`insert into receptionists (id, edition_id, name, mobile, hotel_id, created_at) values (${ids.first}, ${edition}, '周', ${MOBILE}, null, ${now})`.execute(
      db,
    );
    await sql`insert into receptionists (id, edition_id, name, mobile, hotel_id, created_at) values (${ids.second}, ${edition}, '吴', ${OTHER}, null, ${now})`.execute(
      db,
    );
    // unique as typed before 0020, one number once normalised
    await sql`insert into receptionists (id, edition_id, name, mobile, hotel_id, created_at) values (${ids.twin}, ${edition}, '郑', ${`+86${MOBILE}`}, null, ${now})`.execute(
      db,
    );
    const after = JSON.stringify({ name: '周', mobile: MOBILE });
    await sql`insert into audit_log (id, edition_id, actor_account_id, actor_account, action, target_type, target_id, after_value, at) values (${ids.audit}, ${edition}, ${ids.organiser}, 'o@example.com', 'receptionist.create', 'receptionist', ${ids.first}, ${after}, ${now})`.execute(
      db,
    );
    await stage.migrateToLatest();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.dispose();
  });

  it('leaves no clear mobile in receptionists or their audit entries, keeps the unique key', async () => {
    const rows = (await sql<Record<string, unknown>>`select * from receptionists order by name`.execute(db)).rows;
    const audit = (await sql<Record<string, unknown>>`select * from audit_log where id = ${ids.audit}`.execute(db)).rows;
    const all = JSON.stringify([rows, audit]);
    expect(all).not.toContain(MOBILE);
    expect(all).not.toContain(OTHER);
    expect(JSON.parse(String(audit[0]!.after_value))).toEqual({ name: '周', mobile: '139****0020' });

    const first = await db
      .selectFrom('receptionists')
      .select(['mobile_index', 'mobile_sealed'])
      .where('id', '=', ids.first)
      .executeTakeFirstOrThrow();
    expect(isSealed(first.mobile_sealed!)).toBe(true);
    expect(protection.open(first.mobile_sealed)).toBe(MOBILE);
    // the twin written as +86… keeps its sealed mobile under a key of its own
    const twin = await db
      .selectFrom('receptionists')
      .select(['mobile_index', 'mobile_sealed'])
      .where('id', '=', ids.twin)
      .executeTakeFirstOrThrow();
    expect(protection.open(twin.mobile_sealed)).toBe(`+86${MOBILE}`);
    expect([twin.mobile_index, first.mobile_index].sort()).toEqual(
      [protection.index('mobile', MOBILE), `duplicate:${ids.first < ids.twin ? ids.twin : ids.first}`].sort(),
    );
    // the per-edition unique index moved with the renamed column
    const now = new Date().toISOString();
    await expect(
      db
        .insertInto('receptionists')
        .values({
          id: randomUUID(),
          edition_id: edition,
          name: 'x',
          mobile_index: protection.index('mobile', MOBILE),
          mobile_sealed: protection.seal(MOBILE),
          hotel_id: null,
          created_at: now,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('keys:rotate lists the column and re-seals it under a new key', async () => {
    expect(SEALED_COLUMNS).toContainEqual({ table: 'receptionists', column: 'mobile_sealed' });
    const oldKeys = [...protection.keyring.keys.values()].map((key) => key.key);
    const rotated = new DataProtection(makeKeyring(randomBytes(32), oldKeys, protection.keyring.indexKey));
    const progress = await resealColumns(
      db,
      rotated,
      SEALED_COLUMNS.filter(({ table }) => table === 'receptionists'),
      1,
    );
    expect(progress).toEqual([{ table: 'receptionists', resealed: 3, scanned: 3 }]);
    const first = await db
      .selectFrom('receptionists')
      .select(['mobile_index', 'mobile_sealed'])
      .where('id', '=', ids.first)
      .executeTakeFirstOrThrow();
    expect(keyIdOfSealed(first.mobile_sealed!)).toBe(rotated.keyring.current.id);
    expect(rotated.open(first.mobile_sealed)).toBe(MOBILE);
    expect(
      (
        await resealColumns(
          db,
          rotated,
          SEALED_COLUMNS.filter(({ table }) => table === 'receptionists'),
        )
      ).map((p) => p.resealed),
    ).toEqual([0]);
  });

  it('the keys:rotate command covers receptionists', async () => {
    const lines: string[] = [];
    const env = { ...TEST_ENV, ...database.env, DATA_KEY: NEW_KEY, DATA_KEYS_OLD: TEST_ENV.DATA_KEY };
    // the previous test's key is not among the command's keys: seal once more under the test key first
    const back = new DataProtection(makeKeyring(parseKey(TEST_ENV.DATA_KEY)!, [], protection.keyring.indexKey));
    for (const id of [ids.first, ids.second, ids.twin]) {
      const mobile = id === ids.second ? OTHER : MOBILE;
      await db
        .updateTable('receptionists')
        .set({ mobile_sealed: back.seal(mobile) })
        .where('id', '=', id)
        .execute();
    }
    expect(await rotateKeys([], env, (line) => lines.push(line))).toBe(0);
    expect(lines.join('\n')).toContain('receptionists: 3 of 3 rows re-sealed');
    const first = await db.selectFrom('receptionists').select('mobile_sealed').where('id', '=', ids.first).executeTakeFirstOrThrow();
    expect(keyIdOfSealed(first.mobile_sealed!)).toBe(keyIdOf(parseKey(NEW_KEY)!));
  });
});
