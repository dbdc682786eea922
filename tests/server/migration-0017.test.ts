import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Db } from '../../src/server/db/database.js';
import { DataProtection } from '../../src/server/security/data-protection.js';
import { isSealed } from '../../src/server/security/sealed-values.js';
import { describeEachDatabase, isolatedDatabase, type IsolatedDatabase } from './helpers/databases.js';
import { migratedUpTo } from './helpers/migration-stage.js';
import { guestBody } from './helpers/guest-body.js';
import { residentId } from './guests-harness.js';
import { createHash } from 'node:crypto';

/** Migration 0017 converts the rows written before it: old records and demo data on both databases. */
describeEachDatabase('migration 0017 seals existing personal data', (kind) => {
  let database: IsolatedDatabase;
  let db: Db;
  let protection: DataProtection;
  const ids = {
    guest: randomUUID(),
    member: randomUUID(),
    temporary: randomUUID(),
    picture: randomUUID(),
    record: randomUUID(),
    recommendation: randomUUID(),
  };
  const idNumber = residentId(601);
  const memberId = residentId(602);

  beforeAll(async () => {
    database = await isolatedDatabase(kind);
    const stage = await migratedUpTo(database, kind, '0016-scheduled-jobs');
    ({ db, protection } = stage);
    // rows as the server wrote them before 0017: clear values, SHA-256 of the ID number
    const now = new Date().toISOString();
    const edition = randomUUID();
    const raw = sql;
    await raw`insert into editions (id, year, name, is_current, created_at) values (${edition}, 2027, 'Summit', 1, ${now})`.execute(db);
    const sha = (value: string) => createHash('sha256').update(value).digest('hex');
    await raw`insert into guests (id, edition_id, name, mobile, audit_status, document, schema_version, created_at, id_number_hash, id_number_masked)
      values (${ids.guest}, ${edition}, '张三', '13866660601', 'pending', ${JSON.stringify(guestBody(idNumber, 'photo', { mobile: '13866660601' }))}, 1, ${now}, ${sha(idNumber)}, '370202********6011')`.execute(
      db,
    );
    await raw`insert into entourage_members (id, guest_id, edition_id, name, id_number_hash, id_number_masked, document, schema_version, created_at, updated_at)
      values (${ids.member}, ${ids.guest}, ${edition}, '李四', ${sha(memberId)}, 'x', ${JSON.stringify({ nameZh: '李四', idNumber: memberId, mobile: '13866660602' })}, 1, ${now}, ${now})`.execute(
      db,
    );
    await raw`insert into temporary_uploads (id, rule_name, mime, bytes, original_name, storage_name, created_at) values (${ids.picture}, 'pictureJpg', 'image/jpeg', 1, 'a.jpg', ${randomUUID()}, ${now})`.execute(
      db,
    );
    await raw`insert into temporary_registrations (id, edition_id, registration_type, invite_code, name, mobile, event_name, attendance_mode, picture_id, document, schema_version, status, created_at, updated_at)
      values (${ids.temporary}, ${edition}, 'worker', 'C', 'Li Lei', '13866660603', 'E', 'onsite', ${ids.picture}, ${JSON.stringify({ name: 'Li Lei', mobile: '13866660603' })}, 1, 'pending', ${now}, ${now})`.execute(
      db,
    );
    await raw`insert into content_records (id, kind, title, search_text, document, schema_version, created_at, updated_at)
      values (${ids.record}, 'unofficial-guest', '吴', ${'吴\n13866660604'}, ${JSON.stringify({ nameZh: '吴', mobile: '13866660604' })}, 1, ${now}, ${now})`.execute(
      db,
    );
    await raw`insert into temporary_recommendations (id, edition_id, invitee_name, recommender_mobile, document, schema_version, created_at)
      values (${ids.recommendation}, ${edition}, 'X', '13866660605', ${JSON.stringify({ recommenderMobile: '13866660605' })}, 1, ${now})`.execute(
      db,
    );
    const account = randomUUID();
    await raw`insert into accounts (id, account, name, user_type, password_hash, created_at, updated_at) values (${account}, 'o@example.com', 'O', 'organiser', 'x', ${now}, ${now})`.execute(
      db,
    );
    await raw`insert into audit_log (id, edition_id, actor_account_id, actor_account, action, target_type, target_id, at, after_value)
      values (${randomUUID()}, ${edition}, ${account}, 'o@example.com', 'unofficial-guest.add', 'unofficial-guest', ${ids.record}, ${now}, ${JSON.stringify({ nameZh: '吴', mobile: '13866660604' })})`.execute(
      db,
    );
    await stage.migrateToLatest();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.dispose();
  });

  it('seals the documents, replaces hashes and clear columns by blind indexes, rebuilds search text', async () => {
    const guest = await db.selectFrom('guests').selectAll().where('id', '=', ids.guest).executeTakeFirstOrThrow();
    expect(guest.document).not.toContain(idNumber);
    expect(guest.document).not.toContain('13866660601');
    expect(isSealed(JSON.parse(guest.document).idNumber)).toBe(true);
    expect(guest.id_number_hash).toBe(protection.index('idNumber', idNumber));
    expect(guest.mobile_index).toBe(protection.index('mobile', '13866660601'));
    expect(protection.openJson('guest', guest.document)).toMatchObject({ idNumber, mobile: '13866660601' });

    const member = await db.selectFrom('entourage_members').selectAll().where('id', '=', ids.member).executeTakeFirstOrThrow();
    expect(member.document).not.toMatch(/370202|13866660602/);
    expect(member.id_number_hash).toBe(protection.index('idNumber', memberId));

    const all = JSON.stringify([
      await db
        .selectFrom('temporary_registrations' as 'guests')
        .selectAll()
        .execute(),
      await db.selectFrom('content_records').selectAll().execute(),
      await db
        .selectFrom('temporary_recommendations' as 'guests')
        .selectAll()
        .execute(),
      await db.selectFrom('audit_log').selectAll().execute(),
    ]);
    expect(all).toContain('138****0604');
    for (const mobile of ['13866660603', '13866660604', '13866660605']) expect(all).not.toContain(mobile);
    expect(all).toContain(protection.index('mobile', '13866660603'));
    const record = await db
      .selectFrom('content_records')
      .select(['search_text', 'document'])
      .where('id', '=', ids.record)
      .executeTakeFirstOrThrow();
    expect(record.search_text).toBe('吴\n\n\n');
    expect(protection.openJson('unofficial-guest', record.document)).toMatchObject({ mobile: '13866660604' });
  });
});
