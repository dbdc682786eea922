import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Db } from '../../src/server/db/database.js';
import { checkInvitationCode } from '../../src/server/features/invitations/invitation-codes.js';
import { describeEachDatabase, isolatedDatabase, type IsolatedDatabase } from './helpers/databases.js';
import { migratedUpTo } from './helpers/migration-stage.js';

/**
 * Migration 0025 puts stored invitation codes in capitals (and the guests who used them), and
 * leaves a code whose capitals are another stored code as it was instead of failing.
 */
describeEachDatabase('migration 0025 puts invitation codes in capitals', (kind) => {
  let database: IsolatedDatabase;
  let db: Db;
  const edition = randomUUID();
  const unit = randomUUID();
  const guests = { mixed: randomUUID(), twin: randomUUID(), none: randomUUID() };

  beforeAll(async () => {
    database = await isolatedDatabase(kind);
    const stage = await migratedUpTo(database, kind, '0024-unit-stub-account');
    db = stage.db;
    const now = new Date().toISOString();
    await sql`insert into editions (id, year, name, is_current, created_at) values (${edition}, 2027, 'Summit', 1, ${now})`.execute(db);
    await sql`insert into units (id, edition_id, unit_type, name, document, schema_version, created_at) values (${unit}, ${edition}, 'enterprise', 'U', '{}', 1, ${now})`.execute(
      db,
    );
    const code = (value: string, createdAt: string) =>
      sql`insert into invitation_codes (code, edition_id, unit_id, company_id, guest_type, review_required, created_at) values (${value}, ${edition}, ${unit}, ${unit}, 'general', 0, ${createdAt})`.execute(
        db,
      );
    // abc and ABC: only one of them can be ABC; xyz and Xyz: the older one becomes XYZ
    await code('ABC', '2027-01-01T00:00:00.000Z');
    await code('abc', '2027-01-02T00:00:00.000Z');
    await code('Mixed-1', '2027-01-03T00:00:00.000Z');
    await code('Xyz', '2027-01-04T00:00:00.000Z');
    await code('xyz', '2027-01-05T00:00:00.000Z');
    await code('KEPT-1', '2027-01-06T00:00:00.000Z');
    const guest = (id: string, invitationCode: string | null) =>
      sql`insert into guests (id, edition_id, unit_id, name, audit_status, invitation_code, document, schema_version, created_at) values (${id}, ${edition}, ${unit}, '张三', 'approved', ${invitationCode}, '{}', 1, ${now})`.execute(
        db,
      );
    await guest(guests.mixed, 'Mixed-1');
    await guest(guests.twin, 'abc');
    await guest(guests.none, null);
    await stage.migrateToLatest();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.dispose();
  });

  it('stores codes in capitals unless the capitals are taken, and does not fail on twins', async () => {
    const codes = (await db.selectFrom('invitation_codes').select('code').execute()).map((row) => row.code).sort();
    expect(codes).toEqual(['ABC', 'KEPT-1', 'MIXED-1', 'XYZ', 'abc', 'xyz'].sort());
  });

  it('moves the guests along with their code', async () => {
    const rows = Object.fromEntries(
      (await db.selectFrom('guests').select(['id', 'invitation_code']).execute()).map((row) => [row.id, row.invitation_code]),
    );
    expect(rows).toEqual({ [guests.mixed]: 'MIXED-1', [guests.twin]: 'abc', [guests.none]: null });
  });

  it('finds a twin left as it was when typed exactly, its capitals in any other case', async () => {
    const check = (typed: string) => checkInvitationCode(db, edition, unit, typed, { today: '2027-01-10' });
    expect((await check('abc')).code).toBe('abc');
    expect((await check('Abc')).code).toBe('ABC');
    expect((await check('mixed-1')).code).toBe('MIXED-1');
    expect((await check('xyz')).code).toBe('xyz');
    expect((await check('xYz')).code).toBe('XYZ');
  });
});
