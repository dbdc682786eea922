import { expect, it } from 'vitest';
import { catalogueKinds, contentApiPaths, unitRecordKinds, type ContentPage, type ContentRecord } from '../../src/shared/content-api.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { caller, ENTERPRISE, ENTERPRISE2, GOVERNMENT, ORGANISER, STAFF } from './guests-harness.js';

const vehicle = (extra: Record<string, unknown> = {}) => ({
  plateNumber: '鲁B12345',
  vehicleType: 'mpv',
  seats: 7,
  driverName: '孙司机',
  driverMobile: '13912345670',
  arrivalTime: '2027-06-17T08:00:00+08:00',
  purpose: 'guest-transport',
  ...extra,
});

const sideGuest = (extra: Record<string, unknown> = {}) => ({
  activityName: '海洋经济对接会',
  activityTime: '2027-06-19T14:00:00+08:00',
  activityPlace: '海天中心',
  nameZh: '吴嘉宾',
  gender: 'male',
  nationality: '中国',
  organisation: '某研究院',
  mobile: '13912345671',
  ...extra,
});

describeEachDatabase("vehicles and unofficial-activity guests (one unit's own rows)", (kind) => {
  const t = useTestApp(kind);

  it('lets a unit add, list, change and delete its vehicles; another unit gets 404 and sees nothing', async () => {
    const first = await caller(t, ENTERPRISE);
    const added = await first.post<ContentRecord>('qms/vehicle', vehicle({ passengers: '张三、李四' }));
    expect(added.status).toBe(200);
    const id = added.body.data.id;
    expect((await first.get<ContentPage>('qms/vehicle/page')).body.data.records.map((r) => r.id)).toContain(id);
    expect((await first.get<ContentPage>('qms/vehicle/page?keyword=%E5%BC%A0%E4%B8%89')).body.data.records.map((r) => r.id)).toEqual([id]);

    const second = await caller(t, ENTERPRISE2);
    expect((await second.get<ContentPage>('qms/vehicle/page')).body.data.records.map((r) => r.id)).not.toContain(id);
    expect((await second.put(`qms/vehicle/${id}`, vehicle({ seats: 50 }))).status).toBe(404);
    expect((await second.del(`qms/vehicle/${id}`)).status).toBe(404);

    const changed = await first.put<ContentRecord>(`qms/vehicle/${id}`, vehicle({ plateNumber: '鲁BD12345', seats: 5 }));
    expect(changed.status).toBe(200);
    expect((await first.get<ContentPage>('qms/vehicle/page')).body.data.records.find((r) => r.id === id)?.document).toMatchObject({
      plateNumber: '鲁BD12345',
      seats: 5,
    });
    expect((await first.del(`qms/vehicle/${id}`)).status).toBe(200);
    expect((await first.get<ContentPage>('qms/vehicle/page')).body.data.records.map((r) => r.id)).not.toContain(id);
    // a unit's own rows are its business: not in the organisers' audit log
    const organiser = await caller(t, ORGANISER);
    const audit = await organiser.get<{ records: { targetId: string }[] }>('admin/audit/page?pageSize=100');
    expect(audit.body.data.records.map((e) => e.targetId)).not.toContain(id);
  });

  it('validates vehicles against the schema', async () => {
    const unit = await caller(t, GOVERNMENT);
    const bad = await unit.post('qms/vehicle', vehicle({ plateNumber: 'AB123', seats: 0, driverMobile: '123' }));
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.map((e) => e.pointer).sort()).toEqual(['/driverMobile', '/plateNumber', '/seats']);
    expect(bad.body.fieldErrors?.find((e) => e.pointer === '/plateNumber')?.message).toBe('Enter a valid plate number (e.g. 鲁B12345)');
    const missing = await unit.post('qms/vehicle', { plateNumber: '鲁B12345' });
    expect(missing.status).toBe(400);
  });

  it("keeps the rows to unit accounts (403 otherwise) and shows every unit's rows to organisers only", async () => {
    const unit = await caller(t, ENTERPRISE);
    await unit.post('qms/vehicle', vehicle({ plateNumber: '鲁U00001' }));
    const staff = await caller(t, STAFF);
    const organiser = await caller(t, ORGANISER);
    for (const response of [
      await staff.get('qms/vehicle/page'),
      await staff.post('qms/vehicle', vehicle()),
      await organiser.post('qms/unofficial-guest', sideGuest()),
    ]) {
      expect(response.status).toBe(403);
    }
    expect((await unit.get('admin/vehicle/page')).status).toBe(403);
    expect((await unit.get('admin/unofficial-guest/page')).status).toBe(403);
    const all = await organiser.get<ContentPage>('admin/vehicle/page?keyword=%E9%B2%81U00001');
    expect(all.body.data.records).toHaveLength(1);
    expect(all.body.data.records[0]).toMatchObject({ unitName: '示例跨国企业有限公司', document: { plateNumber: '鲁U00001' } });
  });

  it('manages unofficial-activity guests per unit', async () => {
    const first = await caller(t, ENTERPRISE);
    const second = await caller(t, ENTERPRISE2);
    const added = await first.post<ContentRecord>('qms/unofficial-guest', sideGuest());
    expect(added.status).toBe(200);
    const id = added.body.data.id;
    expect((await second.put(`qms/unofficial-guest/${id}`, sideGuest())).status).toBe(404);
    expect((await second.get<ContentPage>('qms/unofficial-guest/page')).body.data.records.map((r) => r.id)).not.toContain(id);
    expect((await first.put(`qms/unofficial-guest/${id}`, sideGuest({ nameEn: 'Wu Jiabin' }))).status).toBe(200);
    const page = await first.get<ContentPage>('qms/unofficial-guest/page?keyword=%E5%AF%B9%E6%8E%A5');
    expect(page.body.data.records.map((r) => r.document.nameEn)).toEqual(['Wu Jiabin']);
    const bad = await first.post('qms/unofficial-guest', sideGuest({ gender: 'x', activityTime: 'tomorrow' }));
    expect(bad.body.fieldErrors?.map((e) => e.pointer).sort()).toEqual(['/activityTime', '/gender']);
    const organiser = await caller(t, ORGANISER);
    expect((await organiser.get<ContentPage>('admin/unofficial-guest/page')).body.data.records.map((r) => r.id)).toContain(id);
    expect((await first.del(`qms/unofficial-guest/${id}`)).status).toBe(200);
  });

  it('documents every content path in openapi.json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/exhibition/openapi.json' })).json() as { paths: Record<string, unknown> };
    const paths = Object.keys(doc.paths);
    const expected = [
      contentApiPaths.downloadPage,
      contentApiPaths.downloadFile('{id}'),
      contentApiPaths.downloads,
      contentApiPaths.download('{id}'),
      ...catalogueKinds.flatMap((k) => [
        contentApiPaths.page(k),
        contentApiPaths.catalogue(k),
        contentApiPaths.catalogueRecord(k, '{id}'),
        contentApiPaths.catalogueImport(k),
        contentApiPaths.catalogueTemplate(k),
      ]),
      ...unitRecordKinds.flatMap((k) => [
        contentApiPaths.page(k),
        contentApiPaths.unitRecords(k),
        contentApiPaths.unitRecord(k, '{id}'),
        contentApiPaths.adminPage(k),
      ]),
    ];
    for (const path of expected) expect(paths, path).toContain(`/exhibition/${path}`);
  });
});
