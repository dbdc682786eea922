import { expect, it } from 'vitest';
import type { GuestDetail, EntourageItem } from '../../src/shared/guest-api.js';
import { describeEachDatabase } from './helpers/databases.js';
import { guestMobileFor } from './helpers/guest-body.js';
import { useTestApp } from './helpers/test-app.js';
import {
  addGuest,
  caller,
  ENTERPRISE,
  ENTERPRISE2,
  memberBody,
  movableClock,
  ORGANISER,
  residentId,
  STAFF,
  uploadedFile,
} from './guests-harness.js';
import { workbookRows } from './helpers/list-pages.js';

const masked = (id: string) => `${id.slice(0, 6)}********${id.slice(-4)}`;
const maskedMobile = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

describeEachDatabase('personal data: masked answers, audited show, exports with contact data', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  let sequence = 700;
  async function guestWithMember(inviteCode = 'INVITE2025A') {
    const unit = await caller(t, ENTERPRISE);
    sequence += 2;
    const idNumber = residentId(sequence);
    const guest = await addGuest(unit, t, ENTERPRISE, sequence, { nameZh: '钱隐私', inviteCode });
    const memberId = residentId(sequence + 1);
    // members are added to approved guests only
    const member =
      inviteCode === 'INVITE2025A'
        ? (await unit.post<EntourageItem>(`qms/guest/${guest.id}/entourage`, memberBody(memberId, await uploadedFile(t, ENTERPRISE)))).body
            .data
        : null!;
    return { unit, guest, idNumber, mobile: guestMobileFor(idNumber), member, memberId };
  }

  const auditRows = (action: string) => t.app.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at').execute();

  it('masks ID numbers and mobiles of the guest and its members in every read', async () => {
    const { unit, guest, idNumber, mobile, member, memberId } = await guestWithMember();
    expect(member.document.idNumber).toBe(masked(memberId));
    expect(member.document.mobile).toBe('139****5678');

    const own = (await unit.get<GuestDetail>(`qms/guest/${guest.id}`)).body.data;
    expect(own.document.idNumber).toBe(masked(idNumber));
    expect(own.document.mobile).toBe(maskedMobile(mobile));
    expect(own.entourage[0]!.document).toMatchObject({ idNumber: masked(memberId), mobile: '139****5678' });

    const organiser = await caller(t, ORGANISER);
    const full = (await organiser.get<GuestDetail>(`admin/guest/${guest.id}`)).body.data;
    expect(full.document).toMatchObject({ idNumber: masked(idNumber), mobile: maskedMobile(mobile) });
    expect(full.entourage[0]!.document).toMatchObject({ idNumber: masked(memberId), mobile: '139****5678' });

    const upgrade = (await unit.get<{ document: Record<string, unknown> }>(`qms/record-upgrade/guest/${guest.id}`)).body.data;
    expect(upgrade.document).toMatchObject({ idNumber: masked(idNumber), mobile: maskedMobile(mobile) });
    const list = (await unit.get<EntourageItem[]>(`qms/guest/${guest.id}/entourage`)).body.data;
    expect(list[0]!.document).toMatchObject({ idNumber: masked(memberId), mobile: '139****5678' });
    // nowhere in the answers is the full number
    for (const body of [own, full, upgrade, list]) expect(JSON.stringify(body)).not.toContain(idNumber);
  });

  it('a save that sends the masks back keeps the stored values; another masked value is refused', async () => {
    // a guest waiting for review: its basic information can still be saved
    const { unit, guest, idNumber, mobile } = await guestWithMember('INVITE2025B');
    const shown = (await unit.get<GuestDetail>(`qms/guest/${guest.id}`)).body.data.document;
    const saved = await unit.put(`qms/guest/${guest.id}`, { ...shown, position: '副总裁' });
    expect(saved.status).toBe(200);
    const value = async (field: string) => (await unit.post<{ value: string }>(`qms/guest/${guest.id}/reveal`, { field })).body.data.value;
    expect(await value('idNumber')).toBe(idNumber);
    expect(await value('mobile')).toBe(mobile);
    const forged = await unit.put<unknown>(`qms/guest/${guest.id}`, { ...shown, idNumber: '110101********1234' });
    expect(forged.status).toBe(400);
    expect(JSON.stringify(forged.body)).toContain('idNumber');
    expect(await value('idNumber')).toBe(idNumber);
  });

  it('shows a full value to the owning unit and organisers only, each showing audited', async () => {
    const { unit, guest, idNumber, mobile, member, memberId } = await guestWithMember();
    const own = await unit.post<{ value: string }>(`qms/guest/${guest.id}/reveal`, { field: 'idNumber' });
    expect(own.status).toBe(200);
    expect(own.body.data.value).toBe(idNumber);
    expect(
      (await unit.post<{ value: string }>(`qms/guest/${guest.id}/reveal`, { field: 'idNumber', memberId: member.id })).body.data.value,
    ).toBe(memberId);

    const organiser = await caller(t, ORGANISER);
    expect((await organiser.post<{ value: string }>(`admin/guest/${guest.id}/reveal`, { field: 'mobile' })).body.data.value).toBe(mobile);
    expect(
      (await organiser.post<{ value: string }>(`admin/guest/${guest.id}/reveal`, { field: 'mobile', memberId: member.id })).body.data.value,
    ).toBe('13912345678');

    // another unit: as if the guest did not exist; other accounts and the organisers' route: 403
    expect((await (await caller(t, ENTERPRISE2)).post(`qms/guest/${guest.id}/reveal`, { field: 'idNumber' })).status).toBe(404);
    expect((await (await caller(t, STAFF)).post(`admin/guest/${guest.id}/reveal`, { field: 'idNumber' })).status).toBe(403);
    expect((await unit.post(`admin/guest/${guest.id}/reveal`, { field: 'idNumber' })).status).toBe(403);
    expect((await organiser.post(`qms/guest/${guest.id}/reveal`, { field: 'idNumber' })).status).toBe(403);
    expect((await unit.post(`qms/guest/${guest.id}/reveal`, { field: 'nameZh' })).status).toBe(400);

    const entries = (await auditRows('personal-data.reveal')).filter((e) => e.target_id === guest.id || e.target_id === member.id);
    expect(entries).toHaveLength(4);
    expect(entries.map((e) => [e.target_type, e.target_label, JSON.parse(e.after_value ?? '{}').field])).toEqual([
      ['guest', '钱隐私', 'idNumber'],
      ['entourage', '李四', 'idNumber'],
      ['guest', '钱隐私', 'mobile'],
      ['entourage', '李四', 'mobile'],
    ]);
    // the organisers' audit log reads it in words
    const log = await organiser.get<{ records: { actionLabel: string; targetLabel: string | null }[] }>(
      'admin/console/audit/page?pageNum=1&pageSize=10',
    );
    expect(log.body.data.records.map((r) => r.actionLabel)).toContain('Masked value shown');
  });

  it('exports mask mobiles by default; contact data is an audited choice of organisers', async () => {
    const { mobile } = await guestWithMember();
    const exportsBefore = (await auditRows('personal-data.export')).length;
    const organiser = await caller(t, ORGANISER);
    const get = (url: string, token = organiser.token) =>
      t.app.inject({ method: 'GET', url: `/exhibition/${url}`, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });

    const plain = await workbookRows((await get('admin/console/export/guests')).rawPayload);
    const column = plain[0]!.indexOf('Mobile number');
    expect(column).toBeGreaterThanOrEqual(0);
    const cells = plain.slice(1).map((row) => row[column]);
    expect(cells).toContain(maskedMobile(mobile));
    expect(cells).not.toContain(mobile);
    expect(await auditRows('personal-data.export')).toHaveLength(exportsBefore);

    const withContacts = await workbookRows((await get('admin/console/export/guests?contacts=1')).rawPayload);
    expect(withContacts.slice(1).map((row) => row[column])).toContain(mobile);
    const entries = (await auditRows('personal-data.export')).slice(exportsBefore);
    expect(entries.map((e) => [e.target_type, e.target_label])).toEqual([['export', 'guests']]);

    const members = await workbookRows((await get('admin/console/export/entourage')).rawPayload);
    expect(members.flat()).toContain('139****5678');
    expect(members.flat()).not.toContain('13912345678');

    const unit = await caller(t, ENTERPRISE);
    expect((await get('admin/console/export/guests?contacts=1', unit.token)).statusCode).toBe(403);
    expect(await auditRows('personal-data.export')).toHaveLength(exportsBefore + 1);
  });
});
