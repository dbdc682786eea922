/**
 * Issue 31, defect 1, the organiser's half: an approved guest saved under an older form version
 * is brought up to date from the organiser's record. The organiser reads the guest as the
 * current version holds it (admin/record-upgrade/guest/{id}) and saves only the flagged fields
 * (PUT admin/guest/{id}/upgrade-fix) through the unit save's checks; the guest stays approved,
 * the change is audited with the write, and units get 403 on both routes.
 */
import { expect, it } from 'vitest';
import type { GuestSummary } from '../../src/shared/guest-api.js';
import { guestApiPaths } from '../../src/shared/guest-api.js';
import { recordUpgradePaths, type RecordUpgradeData } from '../../src/shared/record-upgrade-api.js';
import { versionOf } from '../../src/server/schema-versions/schema-versions.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp, type TestApp } from './helpers/test-app.js';
import { addGuest, caller, ENTERPRISE, movableClock, ORGANISER } from './guests-harness.js';

const LONG_NAME = Array.from({ length: 30 }, () => 'Abcd').join(' '); // 149 characters, over today's 100

async function auditLines(t: TestApp, id: string) {
  return t.app.db
    .selectFrom('audit_log')
    .select(['action', 'actor_account', 'before_value', 'after_value', 'target_label'])
    .where('target_id', '=', id)
    .where('action', '=', 'guest.upgrade-fix')
    .execute();
}

describeEachDatabase("an organiser brings an approved guest's old record up to date", (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  async function approvedOldGuest(sequence: number): Promise<string> {
    const unit = await caller(t, ENTERPRISE);
    // a code that needs no review: approved at once
    const guest = await addGuest(unit, t, ENTERPRISE, sequence, { inviteCode: 'INVITE2025A' });
    expect(guest.status).toBe('approved');
    const row = await t.app.db.selectFrom('guests').select('document').where('id', '=', guest.id).executeTakeFirstOrThrow();
    const old = { ...(JSON.parse(row.document) as Record<string, unknown>), faxNumber: '0532-88886666', nameEn: LONG_NAME };
    await t.app.db
      .updateTable('guests')
      .set({ document: JSON.stringify(old), schema_version: 1 })
      .where('id', '=', guest.id)
      .execute();
    return guest.id;
  }

  it('saves only the flagged field, keeps the approval, audits the change, and the record opens current', async () => {
    const organiser = await caller(t, ORGANISER);
    const id = await approvedOldGuest(671);
    const read = await organiser.get<RecordUpgradeData>(recordUpgradePaths.adminGuest(id));
    expect(read.status).toBe(200);
    const upgrade = read.body.data;
    expect(upgrade.problems.map((problem) => problem.pointer)).toEqual(['/nameEn']);
    expect(upgrade.dropped.map((field) => field.pointer)).toEqual(['/faxNumber']);
    // answered masked like every read: the ID number is sent back as its mask and kept
    expect(String(upgrade.document.idNumber)).toContain('*');
    const before = await t.app.db.selectFrom('guests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    // anything beyond the fix is refused, and nothing is written or audited
    const more = await organiser.put(guestApiPaths.adminGuestUpgradeFix(id), {
      ...upgrade.document,
      nameEn: 'Zhang San',
      position: '董事长',
    });
    expect(more.status).toBe(400);
    expect(more.body).toMatchObject({ key: 'server.guests.upgradeFixesOnly' });
    // the schema's own checks still hold for the fixed field
    const stillLong = await organiser.put(guestApiPaths.adminGuestUpgradeFix(id), { ...upgrade.document, nameEn: `${LONG_NAME}!` });
    expect(stillLong.status).toBe(400);
    expect(await t.app.db.selectFrom('guests').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await auditLines(t, id)).toEqual([]);

    const fixed = await organiser.put<GuestSummary>(guestApiPaths.adminGuestUpgradeFix(id), { ...upgrade.document, nameEn: 'Zhang San' });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.data.status).toBe('approved');
    const row = await t.app.db
      .selectFrom('guests')
      .select(['schema_version', 'audit_status', 'name_en', 'id_number_hash', 'invitation_code'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      schema_version: versionOf('guest'),
      audit_status: 'approved',
      name_en: 'Zhang San',
      id_number_hash: before.id_number_hash,
      invitation_code: before.invitation_code,
    });
    const lines = await auditLines(t, id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actor_account: ORGANISER, target_label: before.name });
    expect(JSON.parse(lines[0]!.before_value!)).toEqual({ nameEn: LONG_NAME });
    expect(JSON.parse(lines[0]!.after_value!)).toEqual({ nameEn: 'Zhang San' });

    // the record now fits the current version: no note, nothing flagged, nothing more to fix
    const after = (await organiser.get<RecordUpgradeData>(recordUpgradePaths.adminGuest(id))).body.data;
    expect(after).toMatchObject({ fromVersion: versionOf('guest'), dropped: [], problems: [] });
    const again = await organiser.put(guestApiPaths.adminGuestUpgradeFix(id), { ...after.document, nameEn: 'Li Si' });
    expect(again.body).toMatchObject({ code: 400, key: 'server.guests.upgradeFixesOnly' });
    // the unit's lock is whole again too
    const unit = await caller(t, ENTERPRISE);
    expect((await unit.put(`qms/guest/${id}`, { ...after.document, nameEn: 'Li Si' })).body).toMatchObject({
      key: 'server.guests.basicInfoLocked',
    });
  });

  it('is for organisers only: a unit account gets 403 on both routes, its own guest included', async () => {
    const id = await approvedOldGuest(672);
    const unit = await caller(t, ENTERPRISE);
    const upgrade = (await unit.get<RecordUpgradeData>(recordUpgradePaths.guest(id))).body.data;
    expect((await unit.get(recordUpgradePaths.adminGuest(id))).status).toBe(403);
    const put = await unit.put(guestApiPaths.adminGuestUpgradeFix(id), { ...upgrade.document, nameEn: 'Zhang San' });
    expect(put.status).toBe(403);
    const row = await t.app.db.selectFrom('guests').select(['schema_version']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ schema_version: 1 });
    expect(await auditLines(t, id)).toEqual([]);
  });

  it('answers 404 for an unknown guest', async () => {
    const organiser = await caller(t, ORGANISER);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await organiser.get(recordUpgradePaths.adminGuest(unknown))).status).toBe(404);
  });
});
