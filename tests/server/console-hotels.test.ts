import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { Page } from '../../src/shared/api-types.js';
import type { AuditLogItem, HotelItem, ReceptionistItem } from '../../src/shared/console-api.js';
import { caller, ENTERPRISE, ORGANISER, STAFF } from './guests-harness.js';

describeEachDatabase('console: hotels, receptionists and the audit log', (kind) => {
  const t = useTestApp(kind);

  it('keeps hotels and receptionists as lists, unique by name and mobile', async () => {
    const organiser = await caller(t, ORGANISER);
    const hotel = await organiser.post<HotelItem>('admin/console/hotel', {
      name: '海景酒店',
      address: '青岛市市南区',
      phone: '0532-8888888',
    });
    expect(hotel.status).toBe(200);
    expect((await organiser.post('admin/console/hotel', { name: '海景酒店' })).status).toBe(409);
    const other = await organiser.post<HotelItem>('admin/console/hotel', { name: '山景酒店' });
    const renamed = await organiser.put<HotelItem>(`admin/console/hotel/${other.body.data.id}`, {
      name: '山景大酒店',
      phone: '0532-1234567',
    });
    expect(renamed.body.data).toMatchObject({ name: '山景大酒店', phone: '0532-1234567', address: null });
    expect((await organiser.get<HotelItem[]>('admin/console/hotel')).body.data.map((h) => h.name)).toEqual(
      ['山景大酒店', '海景酒店'].sort(),
    );

    const receptionist = await organiser.post<ReceptionistItem>('admin/console/receptionist', {
      name: '王接待',
      mobile: '13700000001',
      hotelId: hotel.body.data.id,
    });
    expect(receptionist.body.data).toMatchObject({ name: '王接待', hotelName: '海景酒店' });
    expect((await organiser.post('admin/console/receptionist', { name: '李接待', mobile: '13700000001' })).status).toBe(409);
    expect((await organiser.post('admin/console/receptionist', { name: '李接待', mobile: '12345' })).status).toBe(400);
    expect(
      (await organiser.post('admin/console/receptionist', { name: '李接待', mobile: '13700000002', hotelId: 'no-such-hotel' })).status,
    ).toBe(404);
    const station = await organiser.post<ReceptionistItem>('admin/console/receptionist', { name: '李接待', mobile: '13700000002' });
    expect(station.body.data.hotelId).toBeNull();
    const list = (await organiser.get<ReceptionistItem[]>('admin/console/receptionist')).body.data;
    expect(list).toHaveLength(2);

    // a hotel with staff is not deleted; once the staff moved it is
    expect((await organiser.del(`admin/console/hotel/${hotel.body.data.id}`)).status).toBe(409);
    expect(
      (await organiser.put(`admin/console/receptionist/${receptionist.body.data.id}`, { name: '王接待', mobile: '13700000001' })).status,
    ).toBe(200);
    expect((await organiser.del(`admin/console/hotel/${hotel.body.data.id}`)).status).toBe(200);
    expect((await organiser.del(`admin/console/receptionist/${station.body.data.id}`)).status).toBe(200);
    expect((await organiser.del(`admin/console/receptionist/${station.body.data.id}`)).status).toBe(404);
  });

  it('logs each change with a readable target and its values before and after, filterable', async () => {
    const organiser = await caller(t, ORGANISER);
    const hotel = await organiser.post<HotelItem>('admin/console/hotel', { name: '日志酒店' });
    await organiser.put(`admin/console/hotel/${hotel.body.data.id}`, { name: '日志大酒店' });
    const page = (await organiser.get<Page<AuditLogItem>>('admin/console/audit/page?action=hotel.update&pageSize=100')).body.data;
    const entry = page.records.find((e) => e.targetId === hotel.body.data.id);
    expect(entry).toMatchObject({
      targetType: 'hotel',
      targetLabel: '日志大酒店',
      before: { name: '日志酒店' },
      after: { name: '日志大酒店' },
      actorAccount: ORGANISER,
    });
    expect(page.records.every((e) => e.action === 'hotel.update')).toBe(true);

    const byType = (await organiser.get<Page<AuditLogItem>>('admin/console/audit/page?targetType=receptionist&pageSize=100')).body.data;
    expect(byType.total).toBeGreaterThan(0);
    expect(byType.records.every((e) => e.targetType === 'receptionist')).toBe(true);
    expect((await organiser.get<Page<AuditLogItem>>('admin/console/audit/page?actor=nobody-at-all')).body.data.total).toBe(0);
    expect((await organiser.get<Page<AuditLogItem>>('admin/console/audit/page?from=2000-01-01&to=2000-01-02')).body.data.total).toBe(0);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(
      (await organiser.get<Page<AuditLogItem>>(`admin/console/audit/page?from=${today}&to=${today}&action=hotel.create`)).body.data.total,
    ).toBeGreaterThan(0);
    expect((await organiser.get('admin/console/audit/page?from=yesterday')).status).toBe(400);
  });

  it('answers 403 to non-organisers on every list', async () => {
    for (const account of [ENTERPRISE, STAFF]) {
      const c = await caller(t, account);
      expect((await c.get('admin/console/hotel')).status).toBe(403);
      expect((await c.post('admin/console/hotel', { name: 'x' })).status).toBe(403);
      expect((await c.get('admin/console/receptionist')).status).toBe(403);
      expect((await c.post('admin/console/receptionist', { name: 'x', mobile: '13700000009' })).status).toBe(403);
      expect((await c.get('admin/console/audit/page')).status).toBe(403);
    }
  });
});
