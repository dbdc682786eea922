import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, tokenFor, useTestApp } from './helpers/test-app.js';
import type { Page } from '../../src/shared/api-types.js';
import type { AuditLogItem } from '../../src/shared/console-api.js';
import { addGuest, API, caller, ENTERPRISE, movableClock, ORGANISER, residentId, STAFF } from './guests-harness.js';
import { addMember, liveBadgeToken } from './door-harness.js';

describeEachDatabase('the door: check-ins in the audit log', (kind) => {
  const clock = movableClock('2027-06-17T01:00:00.000Z');
  const t = useTestApp(kind, {}, { clock: clock.clock });

  it('writes the first check-in and a late earlier scan (the scanner, the station, the scan time, the id), not a repeat or a refusal', async () => {
    const ent = await caller(t, ENTERPRISE);
    const guest = await addGuest(ent, t, ENTERPRISE, 841, { inviteCode: 'INVITE2025A', nameZh: '签到审计' });
    const memberId = await addMember(ent, t, ENTERPRISE, guest.id, 842);
    const print = await t.app.inject({
      method: 'GET',
      url: `${API}qms/badge/guest/${guest.id}`,
      headers: bearer(await tokenFor(t, ENTERPRISE)),
    });
    expect(print.statusCode).toBe(200);
    const [guestToken, memberToken] = [await liveBadgeToken(t.app, guest.id), await liveBadgeToken(t.app, guest.id, memberId)];
    const staff = await caller(t, STAFF);
    const organiser = await caller(t, ORGANISER);
    const scan = (token: string, scannedAt: string, station: string) => staff.post('door/scan', { token, scannedAt, station });
    const checkIns = async () =>
      (await organiser.get<Page<AuditLogItem>>('admin/console/audit/page?pageSize=100&action=guest.check-in')).body.data.records;

    expect((await scan(guestToken, '2027-06-17T00:58:00.000Z', 'Gate A')).status).toBe(200);
    const [first] = await checkIns();
    expect(first).toMatchObject({
      actorAccount: STAFF,
      action: 'guest.check-in',
      targetType: 'guest',
      targetId: guest.id,
      targetLabel: '签到审计',
      before: null,
      after: { scannedAt: '2027-06-17T00:58:00.000Z', station: 'Gate A' },
    });
    // the entry holds the id, never the name, the ID number or the mobile (the log reads the name from the guest)
    const stored = await t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'guest.check-in').execute();
    expect(stored.map((row) => row.target_label)).toEqual([null]);
    expect(JSON.stringify(stored)).not.toMatch(new RegExp(`签到审计|${residentId(841)}`));

    // a repeat changes nothing: no entry; a refused (forged) badge: no entry
    expect((await scan(guestToken, '2027-06-17T01:05:00.000Z', 'Gate B')).status).toBe(200);
    expect((await scan(`${guestToken}x`, '2027-06-17T01:05:00.000Z', 'Gate B')).status).toBe(404);
    expect(await checkIns()).toHaveLength(1);

    // an entourage member scanned at 00:59, then a scan made offline at 00:55 arrives: both are entries, the second says what it replaced
    expect((await scan(memberToken, '2027-06-17T00:59:00.000Z', 'Gate A')).status).toBe(200);
    expect((await scan(memberToken, '2027-06-17T00:55:00.000Z', 'Gate C')).status).toBe(200);
    const memberEntries = (await checkIns()).filter((entry) => entry.targetId === memberId);
    expect(memberEntries).toHaveLength(2);
    expect(memberEntries).toContainEqual(
      expect.objectContaining({
        targetType: 'entourage',
        before: { scannedAt: '2027-06-17T00:59:00.000Z', station: 'Gate A' },
        after: { scannedAt: '2027-06-17T00:55:00.000Z', station: 'Gate C' },
      }),
    );
    // a later scan than the one held replaces nothing: no entry
    expect((await scan(memberToken, '2027-06-17T00:59:30.000Z', 'Gate D')).status).toBe(200);
    expect((await checkIns()).filter((entry) => entry.targetId === memberId)).toHaveLength(2);
  });
});
