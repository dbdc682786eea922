import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { Page } from '../../src/shared/api-types.js';
import type { ConsoleGuestItem, UnitChoice } from '../../src/shared/console-api.js';
import type { GuestDetail } from '../../src/shared/guest-api.js';
import {
  addGuest,
  caller,
  ENTERPRISE,
  ENTERPRISE2,
  GOVERNMENT,
  itineraryBody,
  memberBody,
  movableClock,
  ORGANISER,
  residentId,
  STAFF,
  uploadedFile,
} from './guests-harness.js';

describeEachDatabase('console: guest search across units and the full record', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  it('finds guests of every unit by name, unit, status, invitation code and arrival date, paged', async () => {
    const ent = await caller(t, ENTERPRISE);
    const ent2 = await caller(t, ENTERPRISE2);
    const withCode = await addGuest(ent, t, ENTERPRISE, 401, { nameZh: '王检索', inviteCode: 'INVITE2025A' });
    await ent.put(`qms/guest/${withCode.id}/itinerary`, itineraryBody);
    const other = await addGuest(ent2, t, ENTERPRISE2, 402, { nameZh: '李检索' });
    const organiser = await caller(t, ORGANISER);

    const search = async (query: string) => (await organiser.get<Page<ConsoleGuestItem>>(`admin/console/guest/page?${query}`)).body.data;
    const all = await search('name=%E6%A3%80%E7%B4%A2');
    expect(all.records.map((g) => g.nameZh).sort()).toEqual(['李检索', '王检索']);
    expect(all.records.find((g) => g.id === other.id)?.unitName).not.toBe('');

    const units = (await organiser.get<UnitChoice[]>('admin/console/unit/list')).body.data;
    const unit2 = units.find((u) => u.id === all.records.find((g) => g.id === other.id)?.unitId);
    expect(unit2).toBeDefined();
    const byUnit = await search(`unitName=${encodeURIComponent(unit2!.name)}`);
    expect(byUnit.records.map((g) => g.id)).toContain(other.id);
    expect(byUnit.records.map((g) => g.id)).not.toContain(withCode.id);

    expect((await search('inviteCode=INVITE2025A')).records.map((g) => g.id)).toEqual([withCode.id]);
    expect((await search('status=approved&name=%E6%A3%80%E7%B4%A2')).records.map((g) => g.id)).toEqual([withCode.id]);
    const arriving = await search('arrivalDate=2027-06-17');
    expect(arriving.records.map((g) => g.id)).toEqual([withCode.id]);
    expect(arriving.records[0]).toMatchObject({ arrivalDate: '2027-06-17', guestType: 'vip', inviteCode: 'INVITE2025A' });
    expect((await search('arrivalDate=2027-06-18')).total).toBe(0);

    const paged = await search('name=%E6%A3%80%E7%B4%A2&pageSize=1&pageNum=2');
    expect(paged).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(paged.records).toHaveLength(1);
  });

  it('opens the full record of a guest of any unit: photo reference, itinerary, entourage', async () => {
    const ent = await caller(t, ENTERPRISE);
    const guest = await addGuest(ent, t, ENTERPRISE, 403, { inviteCode: 'INVITE2025A' });
    await ent.put(`qms/guest/${guest.id}/itinerary`, itineraryBody);
    const member = await ent.post(`qms/guest/${guest.id}/entourage`, memberBody(residentId(404), await uploadedFile(t, ENTERPRISE)));
    expect(member.status).toBe(200);
    const organiser = await caller(t, ORGANISER);
    const record = (await organiser.get<GuestDetail>(`admin/guest/${guest.id}`)).body.data;
    expect(record.itinerary).toEqual(itineraryBody);
    expect(record.entourage).toHaveLength(1);
    // the photo is a file reference the organiser's client shows through the file route
    expect(typeof record.document.photo).toBe('string');
    expect(record.status).toBe('approved');
  });

  it('answers 403 to unit and other accounts, 400 to a malformed query', async () => {
    for (const account of [ENTERPRISE, GOVERNMENT, STAFF]) {
      const c = await caller(t, account);
      expect((await c.get('admin/console/guest/page')).status, account).toBe(403);
      expect((await c.get('admin/console/unit/list')).status, account).toBe(403);
    }
    const organiser = await caller(t, ORGANISER);
    const bad = await organiser.get('admin/console/guest/page?arrivalDate=17.06.2027');
    expect(bad.status).toBe(400);
    expect((await organiser.get('admin/console/guest/page?pageSize=1000')).status).toBe(400);
    expect((await organiser.get('admin/console/guest/page?extra=1')).status).toBe(400);
  });
});
