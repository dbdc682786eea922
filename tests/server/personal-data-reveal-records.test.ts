import { expect, it } from 'vitest';
import type { ContentPage, ContentRecord } from '../../src/shared/content-api.js';
import type { Page } from '../../src/shared/api-types.js';
import type { TemporaryItem } from '../../src/shared/temporary-api.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { API, caller, ENTERPRISE, ENTERPRISE2, ORGANISER, residentId, STAFF } from './guests-harness.js';
import { recommend, register, registrationBody, uploadedPicture } from './temporary-harness.js';

/**
 * Issue 18 point 2: the audited "show" of every record kind whose answers mask a value (the
 * guests' own is in personal-data-masking.test.ts): the allowed role sees the value and one
 * audit line is written; every other role gets 403 or 404 and no line.
 */
const historicalGuest = {
  session: 3,
  nameZh: '王历届',
  unitName: '青岛历届集团',
  position: '董事长',
  mobile: '13912340001',
  idType: 'resident-id',
  idNumber: residentId(901),
  inviter: { organisation: '青岛市贸促会', name: '赵邀请', phone: '13912340002' },
};
const vehicle = {
  plateNumber: '鲁B12345',
  vehicleType: 'mpv',
  seats: 7,
  driverName: '孙司机',
  driverMobile: '13912340003',
  arrivalTime: '2027-06-17T08:00:00+08:00',
  purpose: 'guest-transport',
};
const sideGuest = {
  activityName: '海洋经济对接会',
  activityTime: '2027-06-19T14:00:00+08:00',
  activityPlace: '海天中心',
  nameZh: '吴嘉宾',
  gender: 'male',
  nationality: '中国',
  organisation: '某研究院',
  mobile: '13912340004',
};
const unitForm = {
  unitType: 'enterprise',
  orgNameZh: '示例跨国企业有限公司',
  socialCreditCode: '91370200MA3C123456',
  companyAddress: '山东省青岛市市南区香港中路 1 号',
  enterpriseType: '外商独资',
  contactName: '张企业',
  contactGender: 'male',
  contactMobile: '13912340005',
  contactEmail: 'contact@example.com',
  nationality: '中国',
};

describeEachDatabase(
  'personal data: the audited show of historical guests, unit records, temporary registrations and the unit record',
  (kind) => {
    const t = useTestApp(kind);
    const reveals = (targetId: string) =>
      t.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'personal-data.reveal')
        .where('target_id', '=', targetId)
        .orderBy('at')
        .execute();
    const fieldsOf = async (targetId: string) =>
      (await reveals(targetId)).map((row) => JSON.parse(row.after_value ?? '{}').field as string);

    it('historical guests: organisers show the ID number, the mobile and the inviter phone; units and staff cannot', async () => {
      const organiser = await caller(t, ORGANISER);
      const added = await organiser.post<ContentRecord>('admin/historical-guest', historicalGuest);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const id = added.body.data.id;
      // answered masked, to organisers too
      const listed = (await organiser.get<ContentPage>('qms/historical-guest/page?pageSize=50')).body.data.records.find(
        (r) => r.id === id,
      )!;
      expect(listed.document).toMatchObject({
        mobile: '139****0001',
        idNumber: expect.stringContaining('****'),
        inviter: { phone: '139****0002' },
      });

      const show = (body: Record<string, unknown>, who = organiser) =>
        who.post<{ value: string }>(`admin/historical-guest/${id}/reveal`, body);
      expect((await show({ field: 'idNumber' })).body.data.value).toBe(residentId(901));
      expect((await show({ field: 'mobile' })).body.data.value).toBe('13912340001');
      expect((await show({ field: 'mobile', pointer: '/inviter/phone' })).body.data.value).toBe('13912340002');
      expect(await fieldsOf(id)).toEqual(['idNumber', 'mobile', '/inviter/phone']);

      // a pointer to a field that is not marked, a member id on a record without members: 404
      expect((await show({ field: 'mobile', pointer: '/inviter/name' })).status).toBe(404);
      expect((await show({ field: 'mobile', memberId: id })).status).toBe(404);
      expect((await show({ field: 'mobile', pointer: 'inviter' })).status).toBe(400);
      expect((await show({ field: 'mobile' }, await caller(t, ENTERPRISE))).status).toBe(403);
      expect((await show({ field: 'mobile' }, await caller(t, STAFF))).status).toBe(403);
      expect(
        (await t.call({ method: 'POST', url: `${API}admin/historical-guest/${id}/reveal`, payload: { field: 'mobile' } })).status,
      ).toBe(401);
      // no route for kinds without sensitive fields
      expect((await organiser.post(`admin/investment-project/${id}/reveal`, { field: 'mobile' })).status).toBe(404);
      expect(await reveals(id)).toHaveLength(3);
    });

    it('vehicles and unofficial guests: the owning unit and organisers show the mobile; another unit gets 404', async () => {
      const unit = await caller(t, ENTERPRISE);
      const organiser = await caller(t, ORGANISER);
      const car = (await unit.post<ContentRecord>('qms/vehicle', vehicle)).body.data;
      const side = (await unit.post<ContentRecord>('qms/unofficial-guest', sideGuest)).body.data;
      expect(car.document.driverMobile).toBe('139****0003');
      expect(side.document.mobile).toBe('139****0004');

      expect((await unit.post<{ value: string }>(`qms/vehicle/${car.id}/reveal`, { field: 'mobile' })).body.data.value).toBe('13912340003');
      expect((await organiser.post<{ value: string }>(`admin/vehicle/${car.id}/reveal`, { field: 'mobile' })).body.data.value).toBe(
        '13912340003',
      );
      expect((await unit.post<{ value: string }>(`qms/unofficial-guest/${side.id}/reveal`, { field: 'mobile' })).body.data.value).toBe(
        '13912340004',
      );
      expect(await fieldsOf(car.id)).toEqual(['driverMobile', 'driverMobile']);

      const other = await caller(t, ENTERPRISE2);
      expect((await other.post(`qms/vehicle/${car.id}/reveal`, { field: 'mobile' })).status).toBe(404);
      expect((await other.post(`qms/unofficial-guest/${side.id}/reveal`, { field: 'mobile' })).status).toBe(404);
      expect((await other.post(`admin/vehicle/${car.id}/reveal`, { field: 'mobile' })).status).toBe(403);
      expect((await organiser.post(`qms/vehicle/${car.id}/reveal`, { field: 'mobile' })).status).toBe(403);
      expect((await unit.post(`qms/vehicle/${car.id}/reveal`, { field: 'idNumber' })).status).toBe(404);
      expect(await reveals(car.id)).toHaveLength(2);
      expect(await reveals(side.id)).toHaveLength(1);
    });

    it('temporary registrations: organisers show the mobile the review list masks; other accounts get 403', async () => {
      const organiser = await caller(t, ORGANISER);
      const submitted = await register(t, registrationBody(await uploadedPicture(t), { name: 'Han Meimei', mobile: '13912340006' }));
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      const id = submitted.body.data.id as string;
      const listed = (await organiser.get<Page<TemporaryItem>>('admin/temporary/page?pageSize=100')).body.data.records.find(
        (r) => r.id === id,
      )!;
      expect(listed.mobile).toBe('139****0006');

      expect((await organiser.post<{ value: string }>(`admin/temporary/${id}/reveal`, { field: 'mobile' })).body.data.value).toBe(
        '13912340006',
      );
      expect(await reveals(id)).toMatchObject([{ target_type: 'temporary-registration', target_label: 'Han Meimei' }]);
      for (const account of [ENTERPRISE, STAFF])
        expect((await (await caller(t, account)).post(`admin/temporary/${id}/reveal`, { field: 'mobile' })).status).toBe(403);
      expect((await organiser.post('admin/temporary/not-an-id/reveal', { field: 'mobile' })).status).toBe(404);
      expect(await reveals(id)).toHaveLength(1);
    });

    it('temporary recommendations: the list masks the recommender mobile; organisers show it, audited', async () => {
      const organiser = await caller(t, ORGANISER);
      const id = await recommend(t);
      const listed = (
        await organiser.get<{ records: { id: string; document: Record<string, unknown> }[] }>('admin/temporary/recommendations')
      ).body.data.records.find((r) => r.id === id)!;
      expect(listed.document.recommenderMobile).toBe('139****0007');
      expect(
        (
          await organiser.post<{ value: string }>(`admin/temporary/recommendations/${id}/reveal`, {
            field: 'mobile',
            pointer: '/recommenderMobile',
          })
        ).body.data.value,
      ).toBe('13912340007');
      expect(await reveals(id)).toMatchObject([{ target_type: 'temporary-recommendation', target_label: '王芳' }]);
      expect(
        (
          await (
            await caller(t, ENTERPRISE)
          ).post(`admin/temporary/recommendations/${id}/reveal`, { field: 'mobile', pointer: '/recommenderMobile' })
        ).status,
      ).toBe(403);
      expect(await reveals(id)).toHaveLength(1);
    });

    it('the unit record: its record-upgrade answer masks the contact mobile; the unit itself shows it, nobody else', async () => {
      const unit = await caller(t, ENTERPRISE);
      expect((await unit.put('qms/unit/mine', unitForm)).status).toBe(200);
      const upgrade = (await unit.get<{ document: Record<string, unknown> }>('qms/record-upgrade/unit/mine')).body.data;
      expect(upgrade.document.contactMobile).toBe('139****0005');

      const shown = await unit.post<{ value: string }>('qms/unit/reveal', { field: 'mobile' });
      expect(shown.body.data.value).toBe('13912340005');
      const unitId = (await unit.get<{ id: string }>('qms/unit/mine')).body.data.id;
      expect(await reveals(unitId)).toMatchObject([{ target_type: 'unit' }]);
      // another unit shows its own record (here never saved: nothing to show), organisers have no unit
      expect((await (await caller(t, ENTERPRISE2)).post('qms/unit/reveal', { field: 'mobile' })).status).toBe(404);
      expect((await (await caller(t, ORGANISER)).post('qms/unit/reveal', { field: 'mobile' })).status).toBe(403);
      expect(await reveals(unitId)).toHaveLength(1);
    });
  },
);
