import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, tokenFor, useTestApp } from './helpers/test-app.js';
import { listExports } from './helpers/list-pages.js';
import type { Page } from '../../src/shared/api-types.js';
import type { AuditLogItem } from '../../src/shared/console-api.js';
import type { DoorAbsentPage } from '../../src/shared/door-api.js';
import { addGuest, API, caller, ENTERPRISE, movableClock, ORGANISER, STAFF } from './guests-harness.js';
import { addMember, liveBadgeToken } from './door-harness.js';

type Absent = DoorAbsentPage['records'][number];

describeEachDatabase("the door's not-arrived list: filtered, sorted, paged and exported as shown", (kind) => {
  const clock = movableClock('2027-06-17T01:00:00.000Z');
  const t = useTestApp(kind, {}, { clock: clock.clock });
  const { download, listAndExport } = listExports(t);

  it('sorts by name and unit both ways, filters by a part of the name, and exports exactly those rows with an audit entry', async () => {
    const ent = await caller(t, ENTERPRISE);
    const names = ['未到乙', '未到甲', '未到丙', '已到丁'];
    const guests = [];
    for (const [index, nameZh] of names.entries()) {
      guests.push(await addGuest(ent, t, ENTERPRISE, 861 + index, { inviteCode: 'INVITE2025A', nameZh }));
    }
    await addMember(ent, t, ENTERPRISE, guests[0]!.id, 869);
    const printed = await t.app.inject({ method: 'GET', url: `${API}qms/badge`, headers: bearer(await tokenFor(t, ENTERPRISE)) });
    expect(printed.statusCode).toBe(200);
    // 已到丁 arrives: not in the list any more
    const staff = await caller(t, STAFF);
    const token = await liveBadgeToken(t.app, guests[3]!.id);
    expect((await staff.post('door/scan', { token, scannedAt: '2027-06-17T00:59:00.000Z', station: 'Gate A' })).status).toBe(200);

    const organiser = await caller(t, ORGANISER);
    const list = 'admin/console/door/absent';
    const exported = 'admin/console/export/door-absent';
    const byName = await listAndExport<Absent>(organiser, list, exported, 'sort=name&order=asc', (row) => row.nameZh);
    expect(byName.map((row) => row.nameZh)).not.toContain('已到丁');
    const ours = byName.filter((row) => row.nameZh.startsWith('未到'));
    expect(ours.map((row) => row.nameZh)).toEqual([...ours.map((row) => row.nameZh)].sort());
    const desc = await listAndExport<Absent>(organiser, list, exported, 'sort=name&order=desc', (row) => row.nameZh);
    expect(desc.map((row) => row.nameZh)).toEqual([...byName.map((row) => row.nameZh)].reverse());
    const byUnit = await listAndExport<Absent>(organiser, list, exported, 'sort=unit&order=desc', (row) => row.nameZh);
    expect(byUnit.map((row) => row.unitName)).toEqual([...byUnit.map((row) => row.unitName)].sort().reverse());

    const filtered = await listAndExport<Absent>(organiser, list, exported, 'name=%E6%9C%AA%E5%88%B0&sort=name', (row) => row.nameZh);
    expect(filtered.map((row) => row.nameZh)).toEqual(['未到丙', '未到乙', '未到甲'].sort());
    const page = (await organiser.get<Page<Absent>>(`${list}?name=%E6%9C%AA%E5%88%B0&pageSize=2`)).body.data;
    expect(page).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
    expect(page.records).toHaveLength(2);

    const entries = (await organiser.get<Page<AuditLogItem>>('admin/console/audit/page?pageSize=100&action=list.export')).body.data.records;
    expect(entries).toContainEqual(
      expect.objectContaining({ targetId: 'console.export.files.doorAbsent', after: { filter: { name: '未到', sort: 'name' }, rows: 3 } }),
    );
    // organisers only: staff and units get 403
    expect((await download(exported, STAFF)).statusCode).toBe(403);
    expect((await download(exported, ENTERPRISE)).statusCode).toBe(403);
  });
});
