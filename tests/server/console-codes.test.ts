import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { Page } from '../../src/shared/api-types.js';
import type { InvitationCodeItem, UnitChoice } from '../../src/shared/console-api.js';
import type { InviteCodeCheck } from '../../src/shared/guest-api.js';
import {
  accountRow,
  addGuest,
  caller,
  ENTERPRISE,
  ENTERPRISE2,
  movableClock,
  openRegistrationWindow,
  ORGANISER,
  residentId,
  shanghaiDayFromToday,
  STAFF,
  uploadedFile,
} from './guests-harness.js';
import { guestBody } from './helpers/guest-body.js';

describeEachDatabase('console: invitation codes', (kind) => {
  const time = movableClock();
  const t = useTestApp(kind, {}, { clock: time.clock });

  it('creates a batch bound to a company and guest type that the unit then uses; usage is counted', async () => {
    const organiser = await caller(t, ORGANISER);
    const unitId = (await accountRow(t, ENTERPRISE)).unit_id!;
    const created = await organiser.post<string[]>('admin/console/invitation-code/batch', {
      count: 3,
      companyId: unitId,
      guestType: 'general',
      reviewRequired: true,
      maxUses: 1,
      note: '第一批',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toHaveLength(3);
    expect(new Set(created.body.data).size).toBe(3);
    const [code, second] = created.body.data as [string, string, string];

    const ent = await caller(t, ENTERPRISE);
    const check = await ent.get<InviteCodeCheck>(`qms/invite-code/check?code=${code}`);
    expect(check.body.data).toMatchObject({ code, guestType: 'general', reviewRequired: true });
    // another company's code does not exist for this unit
    expect((await (await caller(t, ENTERPRISE2)).get(`qms/invite-code/check?code=${code}`)).body.code).toBe(10002);

    const guest = await addGuest(ent, t, ENTERPRISE, 501, { inviteCode: code });
    expect(guest.status).toBe('pending');
    // one use allowed: the second guest is refused, the pending first one can still be saved with it
    const photo = await uploadedFile(t, ENTERPRISE);
    expect((await ent.post('qms/guest', guestBody(residentId(502), photo, { inviteCode: code }))).body.code).toBe(10002);
    expect((await ent.put(`qms/guest/${guest.id}`, guestBody(residentId(501), photo, { inviteCode: code }))).status).toBe(200);

    const page = (await organiser.get<Page<InvitationCodeItem>>(`admin/console/invitation-code/page?code=${code}`)).body.data;
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({
      code,
      usedCount: 1,
      maxUses: 1,
      state: 'used-up',
      guestType: 'general',
      reviewRequired: true,
      companyId: unitId,
      note: '第一批',
    });
    expect(page.records[0]!.companyName).not.toBeNull();
    const active = (await organiser.get<Page<InvitationCodeItem>>('admin/console/invitation-code/page?state=active&pageSize=100')).body
      .data;
    expect(active.records.map((r) => r.code)).toContain(second);
    expect(active.records.map((r) => r.code)).not.toContain(code);
  });

  it('revokes a code and lets a code expire after its last day', async () => {
    const organiser = await caller(t, ORGANISER);
    const unitId = (await accountRow(t, ENTERPRISE)).unit_id!;
    // the batch refuses a last day in the past by the real clock (x-when): the dates here follow
    // the real today, the app's clock with them, and the registration window is open on any date
    const lastDay = shanghaiDayFromToday(30);
    time.set(`${shanghaiDayFromToday(0)}T04:00:00.000Z`);
    await openRegistrationWindow(t);
    const [revoked, expiring] = (
      await organiser.post<string[]>('admin/console/invitation-code/batch', {
        count: 2,
        companyId: unitId,
        guestType: 'vip',
        reviewRequired: true,
        expiresOn: lastDay,
      })
    ).body.data as [string, string];
    const ent = await caller(t, ENTERPRISE);
    expect((await ent.get(`qms/invite-code/check?code=${revoked}`)).status).toBe(200);
    expect((await organiser.post(`admin/console/invitation-code/${revoked}/revoke`)).status).toBe(200);
    expect((await organiser.post(`admin/console/invitation-code/${revoked}/revoke`)).status).toBe(200);
    expect((await ent.get(`qms/invite-code/check?code=${revoked}`)).body.code).toBe(10002);

    expect((await ent.get(`qms/invite-code/check?code=${expiring}`)).status).toBe(200);
    time.set(`${lastDay}T15:59:00.000Z`); // 23:59 in Shanghai: still the last day
    const photo = await uploadedFile(t, ENTERPRISE);
    expect((await ent.post('qms/guest', guestBody(residentId(503), photo, { inviteCode: expiring }))).status).toBe(200);
    time.set(`${lastDay}T16:01:00.000Z`);
    expect((await ent.post('qms/guest', guestBody(residentId(504), photo, { inviteCode: expiring }))).body.code).toBe(10002);

    const states = (await organiser.get<Page<InvitationCodeItem>>('admin/console/invitation-code/page?pageSize=100')).body.data.records;
    expect(states.find((r) => r.code === revoked)).toMatchObject({ state: 'revoked' });
    expect(states.find((r) => r.code === expiring)).toMatchObject({ state: 'expired', expiresOn: lastDay, usedCount: 1 });
    expect(
      (
        await organiser.get<Page<InvitationCodeItem>>('admin/console/invitation-code/page?state=revoked&pageSize=100')
      ).body.data.records.map((r) => r.code),
    ).toEqual([revoked]);
    time.set('2027-06-01T04:00:00.000Z');
  });

  it('refuses unknown companies and codes (404), bad bodies (400) and non-organisers (403)', async () => {
    const organiser = await caller(t, ORGANISER);
    const units = (await organiser.get<UnitChoice[]>('admin/console/unit/list')).body.data;
    expect(units.length).toBeGreaterThan(0);
    expect(
      (
        await organiser.post('admin/console/invitation-code/batch', {
          count: 1,
          companyId: 'no-such-unit',
          guestType: 'general',
          reviewRequired: true,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await organiser.post('admin/console/invitation-code/batch', {
          count: 0,
          companyId: units[0]!.id,
          guestType: 'general',
          reviewRequired: true,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await organiser.post('admin/console/invitation-code/batch', {
          count: 501,
          companyId: units[0]!.id,
          guestType: 'general',
          reviewRequired: true,
        })
      ).status,
    ).toBe(400);
    expect(
      (await organiser.post('admin/console/invitation-code/batch', { count: 1, companyId: units[0]!.id, guestType: 'general' })).status,
    ).toBe(400);
    expect((await organiser.post('admin/console/invitation-code/NOPE-NOPE/revoke')).status).toBe(404);
    for (const account of [ENTERPRISE, STAFF]) {
      const c = await caller(t, account);
      expect((await c.get('admin/console/invitation-code/page')).status).toBe(403);
      expect(
        (
          await c.post('admin/console/invitation-code/batch', {
            count: 1,
            companyId: units[0]!.id,
            guestType: 'general',
            reviewRequired: true,
          })
        ).status,
      ).toBe(403);
      expect((await c.post('admin/console/invitation-code/INVITE2025A/revoke')).status).toBe(403);
    }
    expect((await (await caller(t, ENTERPRISE)).get('qms/invite-code/check?code=INVITE2025A')).status).toBe(200);
  });
});
