import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, messageCode, tokenFor, useTestApp, type TestApp } from './helpers/test-app.js';
import { addGuest, caller, ENTERPRISE, movableClock, ORGANISER, residentId } from './guests-harness.js';
import { sessionTokenFrom } from './helpers/session-cookie.js';

const REVEAL = '/exhibition/qms/my-registration/reception/reveal';
const point = (place: string, name: string, phone: string) => ({ place, receptionistName: name, receptionistPhone: phone });

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

/** Issue 18: a guest account shows the receptionist phones of its own reception (it must call them), nothing else. */
describeEachDatabase('guest account: show its own reception phones', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });
  const revealLines = () => t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'personal-data.reveal').execute();
  const show = (token: string | null, body: Record<string, unknown>) =>
    t.call<{ value: string }>({ method: 'POST', url: REVEAL, headers: token ? bearer(token) : {}, payload: body });

  /** Two guests of ENTERPRISE with guest accounts; the first has a reception with two phones, the second its own. */
  async function arranged(n: number) {
    const unit = await caller(t, ENTERPRISE);
    const organiser = await caller(t, ORGANISER);
    const mine = await addGuest(unit, t, ENTERPRISE, 700 + 10 * n, { inviteCode: 'INVITE2025A', mobile: `137000007${n}1`, nameZh: '吴九' });
    const other = await addGuest(unit, t, ENTERPRISE, 702 + 10 * n, {
      inviteCode: 'INVITE2025A',
      mobile: `137000007${n}2`,
      nameZh: '郑十',
    });
    const saved = await organiser.put(`admin/guest/${mine.id}/reception`, {
      stations: [point('青岛北站', '郑接待', `139666607${n}1`)],
      hotels: [point('海景酒店', '王接待', `139666607${n}2`)],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(
      (await organiser.put(`admin/guest/${other.id}/reception`, { stations: [point('流亭机场', '陈接待', `139666607${n}3`)] })).status,
    ).toBe(200);
    return { mine, other };
  }

  it("shows its own reception's phones in full, one audit line each naming the guest and the pointer", async () => {
    const { mine } = await arranged(1);
    const token = await guestToken(t, '13700000711');
    const before = (await revealLines()).length;
    const station = await show(token, { field: 'mobile', pointer: '/reception/stations/0/receptionistPhone' });
    expect(station.status, JSON.stringify(station.body)).toBe(200);
    expect(station.body.data.value).toBe('13966660711');
    const hotel = await show(token, { field: 'mobile', pointer: '/reception/hotels/0/receptionistPhone' });
    expect(hotel.body.data.value).toBe('13966660712');
    const lines = (await revealLines()).slice(before);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ target_type: 'guest', target_id: mine.id, target_label: '吴九' });
    expect(JSON.parse(String(lines[0]!.after_value))).toEqual({ field: '/reception/stations/0/receptionistPhone' });
    expect(JSON.stringify(lines)).not.toContain('13966660711');
  });

  it('refuses its own ID number and mobile, another guest, a member id and other accounts, without an audit line', async () => {
    const { other } = await arranged(2);
    const token = await guestToken(t, '13700000721');
    const before = (await revealLines()).length;
    // not a reception field: the same 404 as any other target's field that is not revealable
    for (const body of [
      { field: 'idNumber' },
      { field: 'idNumber', pointer: '/idNumber' },
      { field: 'mobile' },
      { field: 'mobile', pointer: '/mobile' },
      { field: 'mobile', pointer: '/reception/stations/1/receptionistPhone' },
    ]) {
      const refused = await show(token, body);
      expect(refused.status, JSON.stringify(body)).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain(residentId(720));
      expect(JSON.stringify(refused.body)).not.toContain('13700000721');
    }
    expect((await show(token, { field: 'mobile', pointer: '/reception/stations/0/receptionistPhone', memberId: other.id })).status).toBe(
      404,
    );
    // the other guest's account sees its own phone, never the first guest's
    const second = await show(await guestToken(t, '13700000722'), { field: 'mobile', pointer: '/reception/stations/0/receptionistPhone' });
    expect(second.body.data.value).toBe('13966660723');
    const afterOwn = (await revealLines()).length;
    expect(afterOwn).toBe(before + 1);
    // unit and organiser accounts have their own reveal routes
    for (const account of [ENTERPRISE, ORGANISER]) {
      expect((await show(await tokenFor(t, account), { field: 'mobile', pointer: '/reception/stations/0/receptionistPhone' })).status).toBe(
        403,
      );
    }
    expect((await show(null, { field: 'mobile', pointer: '/reception/stations/0/receptionistPhone' })).status).toBe(401);
    expect((await revealLines()).length).toBe(afterOwn);
  });

  it('answers 404 to a guest account with no linked registration', async () => {
    await arranged(3);
    const token = await guestToken(t, '13700000731');
    await t.app.db
      .updateTable('guests')
      .set({ account_id: null })
      .where('mobile_index', '=', t.app.services.protection.index('mobile', '13700000731'))
      .execute();
    expect((await show(token, { field: 'mobile', pointer: '/reception/stations/0/receptionistPhone' })).status).toBe(404);
  });
});
