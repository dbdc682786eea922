import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, DEMO_GUEST, messageCode, tokenFor, useTestApp, type TestApp } from './helpers/test-app.js';
import type { MasterInfoData } from '../../src/shared/api-types.js';
import type { EntourageItem } from '../../src/shared/guest-api.js';
import {
  addGuest,
  caller,
  ENTERPRISE,
  itineraryBody,
  memberBody,
  movableClock,
  ORGANISER,
  residentId,
  uploadedFile,
} from './guests-harness.js';
import { sessionTokenFrom } from './helpers/session-cookie.js';

const MASTER_INFO = '/exhibition/qms/group-participant-link-info/front/getMasterInfo';
const reception = { stations: [{ place: '青岛北站', receptionistName: '刘接待', receptionistPhone: '13700000000' }] };
// the guest's own registration masks the receptionist's mobile too (issue 18)
const maskedReception = { stations: [{ place: '青岛北站', receptionistName: '刘接待', receptionistPhone: '137****0000' }] };

async function guestToken(t: TestApp, mobile: string): Promise<string> {
  const code = await messageCode(t, mobile, 'guest-login');
  const response = await t.call<string>({
    method: 'POST',
    url: '/exhibition/center/user/front/guestLogin',
    payload: { account: mobile, code },
  });
  expect(response.status).toBe(200);
  return sessionTokenFrom(response.headers['set-cookie']);
}

async function masterInfo(t: TestApp, token: string): Promise<MasterInfoData> {
  const response = await t.call<MasterInfoData>({ method: 'GET', url: MASTER_INFO, headers: bearer(token) });
  expect(response.status).toBe(200);
  return response.body.data;
}

/** Issue 3 part 4: a guest account reads its own registration in full, and only its own. */
describeEachDatabase("getMasterInfo: the guest account's own registration", (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  it('answers the linked registration with itinerary, reception and entourage, ID numbers masked', async () => {
    const unit = await caller(t, ENTERPRISE);
    const mine = await addGuest(unit, t, ENTERPRISE, 600, { inviteCode: 'INVITE2025A', mobile: '13700000061', nameZh: '孙七' });
    const other = await addGuest(unit, t, ENTERPRISE, 602, { inviteCode: 'INVITE2025A', mobile: '13700000062', nameZh: '周八' });
    expect((await unit.put(`qms/guest/${mine.id}/itinerary`, itineraryBody)).status).toBe(200);
    const member = await unit.post<EntourageItem>(
      `qms/guest/${mine.id}/entourage`,
      memberBody(residentId(601), await uploadedFile(t, ENTERPRISE)),
    );
    expect(member.status).toBe(200);
    expect((await unit.put(`qms/guest/${mine.id}/entourage/${member.body.data.id}/itinerary`, itineraryBody)).status).toBe(200);
    const organiser = await caller(t, ORGANISER);
    expect((await organiser.put(`admin/guest/${mine.id}/reception`, reception)).status).toBe(200);
    expect((await organiser.put(`admin/guest/${mine.id}/entourage/${member.body.data.id}/reception`, reception)).status).toBe(200);

    const info = await masterInfo(t, await guestToken(t, '13700000061'));
    const registration = info.registration!;
    expect(registration).toMatchObject({
      id: mine.id,
      nameZh: '孙七',
      status: 'approved',
      itinerary: itineraryBody,
      reception: maskedReception,
    });
    expect(registration.document.idNumber).toBe(registration.idNumberMasked);
    expect(registration.document.idNumber).toMatch(/\*{8}/);
    expect(JSON.stringify(info)).not.toContain(residentId(600));
    expect(JSON.stringify(info)).not.toContain(residentId(601));
    // the guest's own mobile too: masked wherever the answer names it (the account's summary included)
    expect(JSON.stringify(info)).not.toContain('13700000061');
    expect(info.guest?.mobile).toBe('137****0061');
    expect(registration.entourage).toHaveLength(1);
    expect(registration.entourage[0]).toMatchObject({ id: member.body.data.id, itinerary: itineraryBody, reception: maskedReception });
    expect(registration.entourage[0]!.document.idNumber).toMatch(/\*{8}/);

    // the other guest's account sees its own registration, never the first one
    const second = await masterInfo(t, await guestToken(t, '13700000062'));
    expect(second.registration?.id).toBe(other.id);
    expect(second.registration?.entourage).toEqual([]);
    expect(JSON.stringify(second)).not.toContain(mine.id);
  });

  it('answers the demo guest its own registration, and no registration to unit accounts', async () => {
    const demo = await masterInfo(t, await guestToken(t, DEMO_GUEST));
    const row = await t.app.db
      .selectFrom('guests')
      .select('id')
      .where('mobile_index', '=', t.app.services.protection.index('mobile', DEMO_GUEST))
      .executeTakeFirstOrThrow();
    expect(demo.registration?.id).toBe(row.id);
    expect(demo.guest?.id).toBe(row.id);

    const unitInfo = await masterInfo(t, await tokenFor(t, ENTERPRISE));
    expect(unitInfo.registration).toBeUndefined();
    expect(unitInfo.guest).toBeNull();
  });

  it('answers registration null to a guest account with no linked registration', async () => {
    const row = await t.app.db
      .selectFrom('guests')
      .select('id')
      .where('mobile_index', '=', t.app.services.protection.index('mobile', DEMO_GUEST))
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('guests').set({ account_id: null }).where('id', '=', row.id).execute();
    const info = await masterInfo(t, await guestToken(t, DEMO_GUEST));
    expect(info.guest).toBeNull();
    expect(info.registration).toBeNull();
  });
});
