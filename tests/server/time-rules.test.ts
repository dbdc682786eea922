import { expect, it } from 'vitest';
import { guestApiPaths } from '../../src/shared/guest-api.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import {
  accountRow,
  addGuest,
  caller,
  ENTERPRISE,
  openRegistrationWindow,
  ORGANISER,
  shanghaiDayFromToday as shanghaiDay,
} from './guests-harness.js';

describeEachDatabase('time rules of the schemas (x-when, x-after), on the server', (kind) => {
  const t = useTestApp(kind);

  it('refuses an invitation code that expires in the past, on its field, and takes today or later', async () => {
    const organiser = await caller(t, ORGANISER);
    const unitId = (await accountRow(t, ENTERPRISE)).unit_id!;
    const batch = (expiresOn: string) =>
      organiser.post<string[]>('admin/console/invitation-code/batch', {
        count: 1,
        companyId: unitId,
        guestType: 'general',
        reviewRequired: false,
        expiresOn,
      });
    const refused = await batch('2020-01-01');
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual([
      expect.objectContaining({
        pointer: '/expiresOn',
        key: 'validation.expiryInFuture',
        message: 'The expiry date cannot be in the past',
      }),
    ]);
    expect((await batch(shanghaiDay(-1))).status).toBe(400);
    expect((await batch(shanghaiDay(0))).status).toBe(200);
    expect((await batch(shanghaiDay(30))).status).toBe(200);
  });

  it("refuses a vehicle's departure before or at its arrival", async () => {
    const unit = await caller(t, ENTERPRISE);
    const vehicle = (departureTime: string) =>
      unit.post('qms/vehicle', {
        plateNumber: '鲁B12345',
        vehicleType: 'mpv',
        seats: 7,
        driverName: '孙司机',
        driverMobile: '13912345670',
        arrivalTime: '2027-06-17T08:00:00+08:00',
        departureTime,
        purpose: 'guest-transport',
      });
    const refused = await vehicle('2027-06-16T08:00:00+08:00');
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual([
      expect.objectContaining({ pointer: '/departureTime', key: 'content.validation.departureAfterArrival' }),
    ]);
    expect((await vehicle('2027-06-17T08:00:00+08:00')).status).toBe(400);
    // the same instant written in another zone is still not after
    expect((await vehicle('2027-06-17T00:00:00Z')).status).toBe(400);
    expect((await vehicle('2027-06-17T09:00:00+08:00')).status).toBe(200);
  });

  it('refuses an epidemic-prevention test date in the future', async () => {
    // on the real clock (x-when reads it): the guest is added whatever day the suite runs
    await openRegistrationWindow(t);
    const unit = await caller(t, ENTERPRISE);
    const guest = await addGuest(unit, t, ENTERPRISE, 901, { inviteCode: 'INVITE2025A' });
    const save = (testDate: string) => unit.put(guestApiPaths.guestEpidemic(guest.id), { healthy: true, testResult: 'negative', testDate });
    const refused = await save('2030-01-01');
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual([expect.objectContaining({ pointer: '/testDate', key: 'validation.notInFuture' })]);
    expect((await save(shanghaiDay(1))).status).toBe(400);
    expect((await save(shanghaiDay(0))).status).toBe(200);
  });
});
