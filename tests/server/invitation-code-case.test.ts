import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { Page } from '../../src/shared/api-types.js';
import type { ConsoleGuestItem, InvitationCodeItem } from '../../src/shared/console-api.js';
import type { GuestSummary, InviteCodeCheck } from '../../src/shared/guest-api.js';
import {
  accountRow,
  addGuest,
  caller,
  detail,
  ENTERPRISE,
  movableClock,
  ORGANISER,
  residentId,
  setEdition,
  uploadedFile,
} from './guests-harness.js';
import { guestBody } from './helpers/guest-body.js';

/** Issue 19: SPEC gives invitation codes no case rule; refusals about the code name its field. */
describeEachDatabase('invitation codes: case-insensitive, refusals on the field', (kind) => {
  // inside the edition's registration window (config/edition.json)
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  it('takes invite2025b for INVITE2025B and keeps the code as stored, which the console filter, codes list and check find in any case', async () => {
    const ent = await caller(t, ENTERPRISE);
    const check = await ent.get<InviteCodeCheck>('qms/invite-code/check?code=invite2025a');
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.data).toMatchObject({ code: 'INVITE2025A', guestType: 'vip', reviewRequired: false });

    // INVITE2025B needs review: the guest stays pending, so its basic information can be saved again
    const guest = await addGuest(ent, t, ENTERPRISE, 601, { inviteCode: 'invite2025b' });
    expect(guest).toMatchObject({ status: 'pending', inviteCode: 'INVITE2025B' });
    expect((await detail(ent, guest.id)).document).toMatchObject({ inviteCode: 'INVITE2025B' });
    const photo = await uploadedFile(t, ENTERPRISE);
    const saved = await ent.put<GuestSummary>(`qms/guest/${guest.id}`, guestBody(residentId(601), photo, { inviteCode: 'Invite2025C' }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ status: 'approved', inviteCode: 'INVITE2025C' });

    const organiser = await caller(t, ORGANISER);
    const search = async (code: string) =>
      (await organiser.get<Page<ConsoleGuestItem>>(`admin/console/guest/page?inviteCode=${code}`)).body.data.records.map((g) => g.id);
    expect(await search('invite2025c')).toEqual([guest.id]);
    expect(await search('INVITE2025C')).toEqual([guest.id]);
    const codes = (await organiser.get<Page<InvitationCodeItem>>('admin/console/invitation-code/page?code=invite2025c')).body.data.records;
    expect(codes.map((c) => [c.code, c.usedCount])).toEqual([['INVITE2025C', 1]]);
  });

  it('counts a code typed in small letters against its cap, and revokes it by any case', async () => {
    const organiser = await caller(t, ORGANISER);
    const unitId = (await accountRow(t, ENTERPRISE)).unit_id!;
    const [code] = (
      await organiser.post<string[]>('admin/console/invitation-code/batch', {
        count: 1,
        companyId: unitId,
        guestType: 'general',
        reviewRequired: true,
        maxUses: 1,
      })
    ).body.data as [string];
    const ent = await caller(t, ENTERPRISE);
    const first = await addGuest(ent, t, ENTERPRISE, 611, { inviteCode: code.toLowerCase() });
    expect(first.inviteCode).toBe(code);
    const photo = await uploadedFile(t, ENTERPRISE);
    const second = await ent.post('qms/guest', guestBody(residentId(612), photo, { inviteCode: code }));
    expect(second.body.code).toBe(10002);

    const [other] = (
      await organiser.post<string[]>('admin/console/invitation-code/batch', {
        count: 1,
        companyId: unitId,
        guestType: 'general',
        reviewRequired: true,
      })
    ).body.data as [string];
    expect((await organiser.post(`admin/console/invitation-code/${other.toLowerCase()}/revoke`)).status).toBe(200);
    expect((await ent.get(`qms/invite-code/check?code=${other}`)).body.code).toBe(10002);
  });

  it('answers a refused code on the guest form with a field error at /inviteCode', async () => {
    const ent = await caller(t, ENTERPRISE);
    const photo = await uploadedFile(t, ENTERPRISE);
    for (const [code, expected] of [
      ['nope2025', 10002],
      ['no-company', 10003],
      ['no-conversion', 10006],
    ] as const) {
      const refused = await ent.post('qms/guest', guestBody(residentId(620), photo, { inviteCode: code }));
      expect(refused.body.code, code).toBe(expected);
      expect(refused.body.fieldErrors, code).toEqual([{ pointer: '/inviteCode', key: refused.body.key, message: refused.body.msg }]);
    }
    const guest = await addGuest(ent, t, ENTERPRISE, 621);
    const saved = await ent.put(`qms/guest/${guest.id}`, guestBody(residentId(621), photo, { inviteCode: 'NOPE2025' }));
    expect(saved.body.code).toBe(10002);
    expect(saved.body.fieldErrors?.[0]?.pointer).toBe('/inviteCode');

    const organiser = await caller(t, ORGANISER);
    await setEdition(organiser, { inviteCodeRequired: true });
    try {
      const noCode = await ent.post('qms/guest', guestBody(residentId(622), photo));
      expect(noCode.status).toBe(400);
      expect(noCode.body.fieldErrors?.[0]?.pointer).toBe('/inviteCode');
    } finally {
      await setEdition(organiser, { inviteCodeRequired: false });
    }
  });
});
