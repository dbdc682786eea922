/**
 * An approved guest saved under an older form version: its basic information is locked, but
 * what the current version requires changed (and only that) can be saved, and it stays approved.
 */
import { expect, it } from 'vitest';
import type { GuestSummary } from '../../src/shared/guest-api.js';
import { recordUpgradePaths, type RecordUpgradeData } from '../../src/shared/record-upgrade-api.js';
import { versionOf } from '../../src/server/schema-versions/schema-versions.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { addGuest, caller, ENTERPRISE, movableClock } from './guests-harness.js';

const LONG_NAME = Array.from({ length: 30 }, () => 'Abcd').join(' '); // 149 characters, over today's 100

describeEachDatabase('an approved guest of an older form version', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  async function approvedOldGuest(sequence: number): Promise<string> {
    const c = await caller(t, ENTERPRISE);
    // a code that needs no review: approved at once
    const guest = await addGuest(c, t, ENTERPRISE, sequence, { inviteCode: 'INVITE2025A' });
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

  it('saves exactly the fields the current version requires changed, and stays approved', async () => {
    const c = await caller(t, ENTERPRISE);
    const id = await approvedOldGuest(651);
    const upgrade = (await c.get<RecordUpgradeData>(recordUpgradePaths.guest(id))).body.data;
    expect(upgrade.problems.map((problem) => problem.pointer)).toEqual(['/nameEn']);

    // anything beyond the fix is still locked
    const more = await c.put(`qms/guest/${id}`, { ...upgrade.document, nameEn: 'Zhang San', position: '董事长' });
    expect(more.status).toBe(400);
    expect(more.body).toMatchObject({ key: 'server.guests.basicInfoLocked' });

    const fixed = await c.put<GuestSummary>(`qms/guest/${id}`, { ...upgrade.document, nameEn: 'Zhang San' });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.status).toBe('approved');
    const row = await t.app.db
      .selectFrom('guests')
      .select(['schema_version', 'audit_status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ schema_version: versionOf('guest'), audit_status: 'approved' });

    // now in the current version, the lock is whole again
    const again = await c.put(`qms/guest/${id}`, { ...upgrade.document, nameEn: 'Li Si' });
    expect(again.body).toMatchObject({ code: 400, key: 'server.guests.basicInfoLocked' });
  });
});
