import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Db } from '../../src/server/db/database.js';
import { describeEachDatabase, isolatedDatabase, type IsolatedDatabase } from './helpers/databases.js';
import { migratedUpTo } from './helpers/migration-stage.js';

/**
 * Migration 0037 rebuilds the badges so a temporary registration's badge (no unit, no guest) fits:
 * the badges and check-ins stored before it keep their ids, people and state.
 */
describeEachDatabase('migration 0037 keeps the stored badges and lets a temporary registration hold one', (kind) => {
  let database: IsolatedDatabase;
  let db: Db;
  const edition = randomUUID();
  const badges = { guest: randomUUID(), member: randomUUID(), revoked: randomUUID() };
  const now = '2027-06-16T08:00:00.000Z';
  const insertBadge = (id: string, guestId: string, memberId: string | null, revokedAt: string | null) =>
    sql`insert into badges (id, edition_id, unit_id, guest_id, member_id, person_key, created_at, revoked_at) values (${id}, ${edition}, 'unit-1', ${guestId}, ${memberId}, ${memberId ? `m:${memberId}` : `g:${guestId}`}, ${now}, ${revokedAt})`.execute(
      db,
    );

  beforeAll(async () => {
    database = await isolatedDatabase(kind);
    const stage = await migratedUpTo(database, kind, '0036-form-versions');
    db = stage.db;
    await insertBadge(badges.guest, 'guest-1', null, null);
    await insertBadge(badges.member, 'guest-1', 'member-1', null);
    await insertBadge(badges.revoked, 'guest-2', null, now);
    await sql`insert into check_ins (badge_id, edition_id, person_key, scanned_at, received_at, station, account_id) values (${badges.guest}, ${edition}, 'g:guest-1', ${now}, ${now}, 'Gate A', 'staff-1')`.execute(
      db,
    );
    await stage.migrateToLatest();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.dispose();
  });

  it('keeps every badge as it was, and its check-in', async () => {
    const rows = await sql<
      Record<string, unknown>
    >`select id, unit_id, guest_id, member_id, temporary_id, person_key, revoked_at from badges order by person_key`.execute(db);
    expect(rows.rows).toEqual([
      {
        id: badges.guest,
        unit_id: 'unit-1',
        guest_id: 'guest-1',
        member_id: null,
        temporary_id: null,
        person_key: 'g:guest-1',
        revoked_at: null,
      },
      {
        id: badges.revoked,
        unit_id: 'unit-1',
        guest_id: 'guest-2',
        member_id: null,
        temporary_id: null,
        person_key: 'g:guest-2',
        revoked_at: now,
      },
      {
        id: badges.member,
        unit_id: 'unit-1',
        guest_id: 'guest-1',
        member_id: 'member-1',
        temporary_id: null,
        person_key: 'm:member-1',
        revoked_at: null,
      },
    ]);
    const checkIns = await sql<{ badge_id: string }>`select badge_id from check_ins`.execute(db);
    expect(checkIns.rows).toEqual([{ badge_id: badges.guest }]);
  });

  it('stores a badge with no unit and no guest for a temporary registration', async () => {
    const id = randomUUID();
    await sql`insert into badges (id, edition_id, unit_id, guest_id, member_id, temporary_id, person_key, created_at, revoked_at) values (${id}, ${edition}, null, null, null, 'temp-1', 't:temp-1', ${now}, null)`.execute(
      db,
    );
    const row = await sql<{ temporary_id: string }>`select temporary_id from badges where id = ${id}`.execute(db);
    expect(row.rows).toEqual([{ temporary_id: 'temp-1' }]);
  });
});
