import fs from 'node:fs';
import { expect, it } from 'vitest';
import { newRandomName } from '../../src/server/uploads/upload-storage.js';
import { portrait } from './uploads-fixtures.js';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, tokenFor, useTestApp, type TestApp } from './helpers/test-app.js';
import type { DoorAbsentPage, DoorArrivals, DoorScanResult } from '../../src/shared/door-api.js';
import type { Page } from '../../src/shared/api-types.js';
import { addGuest, API, caller, ENTERPRISE, ENTERPRISE2, movableClock, ORGANISER, residentId, STAFF } from './guests-harness.js';
import { addMember } from './door-harness.js';

async function pdfOf(t: TestApp, account: string, path: string) {
  const response = await t.app.inject({ method: 'GET', url: `${API}${path}`, headers: bearer(await tokenFor(t, account)) });
  return { status: response.statusCode, type: response.headers['content-type'], body: response.rawPayload };
}

const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page[^s]/g) ?? []).length;

describeEachDatabase('the door: badges and check-in', (kind) => {
  const clock = movableClock('2027-06-17T01:00:00.000Z');
  const t = useTestApp(kind, {}, { clock: clock.clock });

  async function badgeTokens(guestId: string): Promise<string[]> {
    const rows = await t.app.db
      .withTables<{ badges: { id: string; guest_id: string; member_id: string | null; revoked_at: string | null } }>()
      .selectFrom('badges')
      .select(['id', 'member_id'])
      .where('guest_id', '=', guestId)
      .where('revoked_at', 'is', null)
      .execute();
    // the guest's own badge first (databases sort a null member differently)
    rows.sort((a, b) => (a.member_id === null ? -1 : b.member_id === null ? 1 : a.member_id.localeCompare(b.member_id)));
    return rows.map((row) => t.app.services.door.tokens.tokenOf(row.id));
  }

  it("prints a unit's badges (a page per approved person, entourage included) and checks each person in once", async () => {
    const ent = await caller(t, ENTERPRISE);
    const guest = await addGuest(ent, t, ENTERPRISE, 801, { inviteCode: 'INVITE2025A', nameZh: '门口嘉宾' });
    await addMember(ent, t, ENTERPRISE, guest.id, 802);
    await addGuest(ent, t, ENTERPRISE, 803); // pending: no badge
    // the harness's upload rows have no file: give the guest's photo a real one
    const photoId = (await ent.get<{ document: { photo: string } }>(`qms/guest/${guest.id}`)).body.data.document.photo;
    const storageName = newRandomName();
    await fs.promises.writeFile(t.app.services.uploadStorage.pathOf(storageName), await portrait());
    await t.app.db
      .withTables<{ uploads: { id: string; storage_name: string } }>()
      .updateTable('uploads')
      .set({ storage_name: storageName })
      .where('id', '=', photoId)
      .execute();

    const one = await pdfOf(t, ENTERPRISE, `qms/badge/guest/${guest.id}`);
    expect(one.status).toBe(200);
    expect(one.type).toBe('application/pdf');
    expect(one.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(one.body)).toBe(2);
    // the QR code carries the signed badge id only: no name, ID number or mobile in the PDF's text
    expect(one.body.toString('latin1')).not.toContain(residentId(801));
    const batch = await pdfOf(t, ENTERPRISE, 'qms/badge');
    expect(pages(batch.body)).toBeGreaterThanOrEqual(2);
    // another unit cannot print this unit's guest
    expect((await pdfOf(t, ENTERPRISE2, `qms/badge/guest/${guest.id}`)).status).toBe(404);

    const [guestToken, memberToken] = await badgeTokens(guest.id);
    expect(guestToken).toBeDefined();
    expect(memberToken).toBeDefined();
    // printing again keeps the same badges
    await pdfOf(t, ENTERPRISE, `qms/badge/guest/${guest.id}`);
    expect(await badgeTokens(guest.id)).toEqual([guestToken, memberToken]);

    const organiser = await caller(t, ORGANISER);
    const absentBefore = (await organiser.get<DoorAbsentPage>('admin/console/door/absent?pageSize=100')).body.data;
    expect(absentBefore.records.filter((person) => person.unitName !== '' && ['门口嘉宾'].includes(person.nameZh))).toHaveLength(1);
    expect(absentBefore.records.filter((person) => person.entourage)).toHaveLength(1);
    const staff = await caller(t, STAFF);
    const scan = (token: string, scannedAt: string, station: string) =>
      staff.post<DoorScanResult>('door/scan', { token, scannedAt, station });
    const first = await scan(guestToken!, '2027-06-17T01:00:00.000Z', 'Gate A');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ outcome: 'checked-in', nameZh: '门口嘉宾', kind: 'guest', first: { station: 'Gate A' } });
    expect(first.body.data.photo).toMatch(/^data:image\/jpeg;base64,/);
    const second = await scan(guestToken!, '2027-06-17T01:05:00.000Z', 'Gate B');
    expect(second.body.data).toMatchObject({ outcome: 'already', first: { scannedAt: '2027-06-17T01:00:00.000Z', station: 'Gate A' } });

    // a scan made offline earlier than the one recorded, arriving later, is the first
    expect((await scan(memberToken!, '2027-06-17T01:10:00.000Z', 'Gate A')).body.data.outcome).toBe('checked-in');
    const late = await scan(memberToken!, '2027-06-17T00:55:00.000Z', 'Gate C');
    expect(late.body.data).toMatchObject({
      outcome: 'already',
      kind: 'entourage',
      first: { scannedAt: '2027-06-17T00:55:00.000Z', station: 'Gate C' },
    });

    const absentAfter = (await organiser.get<DoorAbsentPage>('admin/console/door/absent?pageSize=100')).body.data;
    expect(absentAfter.total).toBe(absentBefore.total - 2);
    expect(absentAfter.records.map((person) => person.nameZh)).not.toContain('门口嘉宾');
    expect((await staff.get('admin/console/door/absent')).status).toBe(403);
    const arrivals = (await organiser.get<DoorArrivals>('admin/console/door/arrivals')).body.data;
    expect(arrivals.arrived).toBe(2);
    expect(arrivals.badges).toBeGreaterThanOrEqual(2);
    expect(arrivals.perHour).toEqual(
      expect.arrayContaining([
        { hour: '2027-06-17 08:00', count: 1 },
        { hour: '2027-06-17 09:00', count: 1 },
      ]),
    );
  });

  it("audits a guest's badge print and a unit's batch as a temporary badge print is: a person each, written with the badges", async () => {
    const ent = await caller(t, ENTERPRISE);
    const guest = await addGuest(ent, t, ENTERPRISE, 821, { inviteCode: 'INVITE2025A', nameZh: '审计胸卡' });
    const memberId = await addMember(ent, t, ENTERPRISE, guest.id, 822);
    const organiser = await caller(t, ORGANISER);
    type Entry = { action: string; actorAccount: string; targetType: string; targetId: string; targetLabel: string | null };
    const prints = async () =>
      (await organiser.get<Page<Entry>>('admin/console/audit/page?pageSize=100')).body.data.records.filter(
        (entry) => entry.action === 'guest.badge' && (entry.targetId === guest.id || entry.targetId === memberId),
      );
    expect(await prints()).toHaveLength(0);

    expect((await pdfOf(t, ENTERPRISE, `qms/badge/guest/${guest.id}`)).status).toBe(200);
    const single = await prints();
    expect(single).toHaveLength(2);
    expect(single).toContainEqual(
      expect.objectContaining({ actorAccount: ENTERPRISE, targetType: 'guest', targetId: guest.id, targetLabel: '审计胸卡' }),
    );
    expect(single).toContainEqual(expect.objectContaining({ actorAccount: ENTERPRISE, targetType: 'entourage', targetId: memberId }));
    expect(JSON.stringify(single)).not.toContain(residentId(821));

    // the batch prints both again: two entries more
    expect((await pdfOf(t, ENTERPRISE, 'qms/badge')).status).toBe(200);
    expect(await prints()).toHaveLength(4);
    // a refused print (another unit's guest) is no entry
    expect((await pdfOf(t, ENTERPRISE2, `qms/badge/guest/${guest.id}`)).status).toBe(404);
    expect(await prints()).toHaveLength(4);
  });

  it('refuses forged, altered and revoked badges, and scans by anyone but organisers and staff', async () => {
    const ent = await caller(t, ENTERPRISE);
    const guest = await addGuest(ent, t, ENTERPRISE, 811, { inviteCode: 'INVITE2025A' });
    await pdfOf(t, ENTERPRISE, `qms/badge/guest/${guest.id}`);
    const [token] = await badgeTokens(guest.id);
    const organiser = await caller(t, ORGANISER);
    const scan = (token: string) => organiser.post('door/scan', { token, scannedAt: '2027-06-17T01:00:00.000Z', station: 'Hall' });
    expect((await scan('B1.00000000-0000-0000-0000-000000000000.AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await scan(`${token!.slice(0, -2)}xx`)).status).toBe(404);
    expect((await ent.post('door/scan', { token, scannedAt: '2027-06-17T01:00:00.000Z', station: 'Hall' })).status).toBe(403);
    expect((await organiser.post('admin/console/door/badge/revoke', { token })).status).toBe(200);
    expect((await scan(token!)).status).toBe(404);
    // the revocation is in the audit log against the guest, once: a second revocation is refused
    expect((await organiser.post('admin/console/door/badge/revoke', { token })).status).toBe(404);
    const revocations = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id', 'target_label'])
      .where('action', '=', 'badge.revoke')
      .where('target_id', '=', guest.id)
      .execute();
    expect(revocations).toEqual([{ action: 'badge.revoke', target_type: 'guest', target_id: guest.id, target_label: null }]);
    // the next print makes a new badge, which scans
    await pdfOf(t, ENTERPRISE, `qms/badge/guest/${guest.id}`);
    const [renewed] = await badgeTokens(guest.id);
    expect(renewed).not.toBe(token);
    expect((await scan(renewed!)).status).toBe(200);
    expect((await scan('')).status).toBe(400);
  });
});
