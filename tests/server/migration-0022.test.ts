import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rotateKeys } from '../../scripts/keys-rotate.js';
import { loadConfig } from '../../src/server/config.js';
import { type Db } from '../../src/server/db/database.js';
import { keyIdOf, parseKey } from '../../src/server/security/data-keys.js';
import { editionKeyIdOf } from '../../src/server/security/edition-keys.js';
import { DataProtection } from '../../src/server/security/data-protection.js';
import { isSealed, keyIdOfSealed } from '../../src/server/security/sealed-values.js';
import { describeEachDatabase, isolatedDatabase, type IsolatedDatabase } from './helpers/databases.js';
import { migratedUpTo } from './helpers/migration-stage.js';
import { guestBody } from './helpers/guest-body.js';
import { TEST_ENV } from './helpers/test-env.js';
import { residentId } from './guests-harness.js';

const STATION = '13955550221';
const HOTEL = '13955550222';
const MEMBER = '13955550223';
const NEW_KEY = 'Tm93IHRoZSBuZXcgZGF0YSBrZXkgb2YgMzIgYnl0ZXM=';

type Point = { place: string; receptionistName: string; receptionistPhone: string };
const guestReception = {
  stations: [{ place: '青岛北站', receptionistName: '郑接待', receptionistPhone: STATION }],
  hotels: [{ place: '海景酒店', receptionistName: '王接待', receptionistPhone: HOTEL }],
};
const memberReception = { stations: [{ place: '流亭机场', receptionistName: '陈接待', receptionistPhone: MEMBER }] };

/** Migration 0022 seals the receptionist phones of receptions written before it; keys:rotate re-seals them afterwards. */
describeEachDatabase('migration 0022 seals reception phones', (kind) => {
  let database: IsolatedDatabase;
  let db: Db;
  let protection: DataProtection;
  const ids = { guest: randomUUID(), bare: randomUUID(), member: randomUUID() };
  const edition = randomUUID();

  beforeAll(async () => {
    database = await isolatedDatabase(kind);
    const stage = await migratedUpTo(database, kind, '0021-consent-account');
    ({ db, protection } = stage);
    // rows as the server wrote them before 0022: the person's document sealed, the reception in clear
    const now = new Date().toISOString();
    await sql`insert into editions (id, year, name, is_current, created_at) values (${edition}, 2027, 'Summit', 1, ${now})`.execute(db);
    const document = (n: number) =>
      JSON.stringify(protection.sealDocument('guest', guestBody(residentId(n), 'photo', { mobile: `1395555030${n % 10}` })));
    await sql`insert into guests (id, edition_id, name, mobile_index, audit_status, document, schema_version, created_at, id_number_hash, id_number_masked, reception, reception_version)
      values (${ids.guest}, ${edition}, '张三', 'i1', 'approved', ${document(221)}, 1, ${now}, 'h1', 'x', ${JSON.stringify(guestReception)}, 1)`.execute(
      db,
    );
    // a guest without a reception stays without one
    await sql`insert into guests (id, edition_id, name, mobile_index, audit_status, document, schema_version, created_at, id_number_hash, id_number_masked)
      values (${ids.bare}, ${edition}, '李四', 'i2', 'pending', ${document(222)}, 1, ${now}, 'h2', 'x')`.execute(db);
    await sql`insert into entourage_members (id, guest_id, edition_id, name, id_number_hash, id_number_masked, document, schema_version, created_at, updated_at, reception, reception_version)
      values (${ids.member}, ${ids.guest}, ${edition}, '王五', 'h3', 'x', ${JSON.stringify(protection.sealDocument('entourage-member', { nameZh: '王五' }))}, 1, ${now}, ${now}, ${JSON.stringify(memberReception)}, 1)`.execute(
      db,
    );
    await stage.migrateToLatest();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.dispose();
  });

  const receptions = async () => ({
    guests: (await sql<{ id: string; reception: string | null }>`select id, reception from guests order by id`.execute(db)).rows,
    members: (await sql<{ id: string; reception: string | null }>`select id, reception from entourage_members`.execute(db)).rows,
  });

  it('leaves no clear phone in the rows; places and names stay, the phones open to what they were', async () => {
    const { guests, members } = await receptions();
    const all = JSON.stringify([guests, members]);
    for (const phone of [STATION, HOTEL, MEMBER]) expect(all).not.toContain(phone);
    const guest = guests.find((row) => row.id === ids.guest)!;
    const stored = JSON.parse(guest.reception!) as { stations: Point[]; hotels: Point[] };
    expect(stored.stations[0]).toMatchObject({ place: '青岛北站', receptionistName: '郑接待' });
    expect(isSealed(stored.stations[0]!.receptionistPhone)).toBe(true);
    expect(protection.openJson('reception', guest.reception!)).toEqual(guestReception);
    expect(protection.openJson('reception', members[0]!.reception!)).toEqual(memberReception);
    expect(guests.find((row) => row.id === ids.bare)!.reception).toBeNull();
  });

  // an edition's values belong under the edition's own key (crypto-shredding, edition-keys.ts): keys:rotate
  // moves them off the old DATA_KEY there, and wraps the edition's key under the new DATA_KEY
  it("keys:rotate re-seals the receptions under their edition's key, off the old key, and skips them once done", async () => {
    const lines: string[] = [];
    const env = { ...TEST_ENV, ...database.env, DATA_KEY: NEW_KEY, DATA_KEYS_OLD: TEST_ENV.DATA_KEY };
    expect(await rotateKeys([], env, (line) => lines.push(line))).toBe(0);
    expect(lines.join('\n')).toContain('guests.reception: 1 of 2 rows re-sealed');
    expect(lines.join('\n')).toContain('entourage_members.reception: 1 of 1 rows re-sealed');
    const { guests, members } = await receptions();
    const oldKey = keyIdOf(parseKey(TEST_ENV.DATA_KEY)!);
    const rotated = loadConfig(env).dataKeyring;
    const editionKey = editionKeyIdOf(rotated, edition)!;
    expect(editionKey).not.toBeNull();
    expect([oldKey, keyIdOf(parseKey(NEW_KEY)!)]).not.toContain(editionKey);
    const guest = JSON.parse(guests.find((row) => row.id === ids.guest)!.reception!) as { stations: Point[]; hotels: Point[] };
    expect([guest.stations[0]!.receptionistPhone, guest.hotels[0]!.receptionistPhone].map(keyIdOfSealed)).toEqual([editionKey, editionKey]);
    expect(keyIdOfSealed((JSON.parse(members[0]!.reception!) as { stations: Point[] }).stations[0]!.receptionistPhone)).toBe(editionKey);
    expect(new DataProtection(rotated).openJson('reception', guests.find((row) => row.id === ids.guest)!.reception!)).toEqual(
      guestReception,
    );
    // the old DATA_KEY is no longer needed: the new one alone unwraps the edition's key and opens the phones
    const withoutOld = loadConfig({ ...env, DATA_KEYS_OLD: '' }).dataKeyring;
    expect(withoutOld.keys.has(oldKey)).toBe(false);
    expect(new DataProtection(withoutOld).openJson('reception', members[0]!.reception!)).toEqual(memberReception);
    const again: string[] = [];
    expect(await rotateKeys([], env, (line) => again.push(line))).toBe(0);
    expect(again.join('\n')).toContain('guests.reception: 0 of 2 rows re-sealed');
  });
});
