import { expect, it } from 'vitest';
import { maskMobile } from '../../src/shared/sensitive-fields.js';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, DEMO_GUEST, messageCode, useTestApp } from './helpers/test-app.js';
import { validateDocument } from '../../src/shared/validation.js';
import type { MasterInfoData } from '../../src/shared/api-types.js';
import { addGuest, caller, ENTERPRISE, ENTERPRISE2, movableClock, residentId, uploadedFile } from './guests-harness.js';
import { guestBody } from './helpers/guest-body.js';
import { sessionTokenFrom } from './helpers/session-cookie.js';

/** Issue 11 item 10: seeds pass the validators; one unit cannot take over another unit's guest sign-in. */
describeEachDatabase('seed documents and guest mobiles', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  async function guestToken(mobile: string): Promise<string> {
    const code = await messageCode(t, mobile, 'guest-login');
    const response = await t.call<string>({
      method: 'POST',
      url: '/exhibition/center/user/front/guestLogin',
      payload: { account: mobile, code },
    });
    expect(response.status).toBe(200);
    return sessionTokenFrom(response.headers['set-cookie']);
  }

  async function registrationOf(mobile: string) {
    const info = await t.call<MasterInfoData>({
      method: 'GET',
      url: '/exhibition/qms/group-participant-link-info/front/getMasterInfo',
      headers: bearer(await guestToken(mobile)),
    });
    return info.body.data.registration ?? null;
  }

  it('seeds only documents that pass their schema', async () => {
    const units = await t.app.db.selectFrom('units').select(['name', 'document']).execute();
    expect(units.length).toBeGreaterThan(0);
    for (const unit of units)
      expect(validateDocument('unit', t.app.services.protection.openJson('unit', unit.document)), unit.name).toEqual({ valid: true });
    const guests = await t.app.db
      .selectFrom('guests')
      .select(['name', 'document', 'intention', 'itinerary', 'reception', 'epidemic'])
      .execute();
    expect(guests.length).toBeGreaterThan(0);
    for (const guest of guests) {
      // stored sealed (issue 18): the opened document is what passes the schema
      expect(validateDocument('guest', t.app.services.protection.openJson('guest', guest.document)), guest.name).toEqual({ valid: true });
      expect(guest.document).not.toContain(DEMO_GUEST);
      if (guest.intention) expect(validateDocument('attendance-intention', JSON.parse(guest.intention))).toEqual({ valid: true });
      if (guest.itinerary) expect(validateDocument('itinerary', JSON.parse(guest.itinerary))).toEqual({ valid: true });
      if (guest.reception) expect(validateDocument('reception', JSON.parse(guest.reception))).toEqual({ valid: true });
      if (guest.epidemic) expect(validateDocument('epidemic-prevention', JSON.parse(guest.epidemic))).toEqual({ valid: true });
    }
  });

  it('shows the demo guest its full registration, photo included', async () => {
    const registration = await registrationOf(DEMO_GUEST);
    expect(registration?.document).toMatchObject({ nameZh: '周嘉宾', mobile: maskMobile(DEMO_GUEST) });
    const photo = registration?.document.photo as string;
    const file = await t.app.inject({ method: 'GET', url: `/exhibition/qms/file/${photo}`, headers: bearer(await guestToken(DEMO_GUEST)) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/jpeg');
  });

  it("refuses another unit's guest mobile; the guest account keeps showing its own record", async () => {
    const first = await caller(t, ENTERPRISE);
    const second = await caller(t, ENTERPRISE2);
    const mobile = '13700000777';
    const own = await addGuest(first, t, ENTERPRISE, 700, { inviteCode: 'INVITE2025A', mobile, nameZh: '本单位' });

    const taken = await second.post('qms/guest', guestBody(residentId(701), await uploadedFile(t, ENTERPRISE2), { mobile }));
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toContain('another unit');
    const demoTaken = await second.post(
      'qms/guest',
      guestBody(residentId(702), await uploadedFile(t, ENTERPRISE2), { mobile: DEMO_GUEST }),
    );
    expect(demoTaken.status).toBe(409);
    // nor by changing the basic information of a guest it already has
    const mine = await addGuest(second, t, ENTERPRISE2, 703);
    const changed = await second.put(`qms/guest/${mine.id}`, guestBody(residentId(703), await uploadedFile(t, ENTERPRISE2), { mobile }));
    expect(changed.status).toBe(409);
    // the same unit may still reuse a mobile for its own guests (an assistant's phone)
    expect((await first.post('qms/guest', guestBody(residentId(704), await uploadedFile(t, ENTERPRISE), { mobile }))).status).toBe(200);

    expect((await registrationOf(mobile))?.id).toBe(own.id);
    expect((await registrationOf(DEMO_GUEST))?.document).toMatchObject({ nameZh: '周嘉宾' });
  });
});
