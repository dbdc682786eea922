/**
 * The exports of the lists units see: a unit's own guests, vehicles and unofficial-activity
 * guests (the unit's rows only, masked, each download an audit entry), and the organisers'
 * workbooks of the lists units and organisers share (historical guests, investment projects,
 * downloads). Each holds exactly the rows its list shows for a filter and an order. Both databases.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { listExports, sheetRows } from './helpers/list-pages.js';
import type { Page } from '../../src/shared/api-types.js';
import { addGuest, caller, ENTERPRISE, ENTERPRISE2, movableClock, ORGANISER, residentId, STAFF, type Caller } from './guests-harness.js';
import { upload } from './content-harness.js';
import { archives } from './uploads-fixtures.js';

type AuditItem = { actorAccount: string; action: string; targetId: string; targetLabel: string | null; after: unknown };

describeEachDatabase('exports of the lists units see', (kind) => {
  const time = movableClock();
  const t = useTestApp(kind, {}, { clock: time.clock });
  const { download, listBesideExport } = listExports(t);

  const exportsAudited = async (organiser: Caller) =>
    (await organiser.get<Page<AuditItem>>('admin/console/audit/page?action=list.export&pageSize=100')).body.data.records;

  it("exports a unit's own guest list as it shows it: its filter and order, its unit's rows only, ID numbers masked, each download audited", async () => {
    const unit = await caller(t, ENTERPRISE);
    const other = await caller(t, ENTERPRISE2);
    const organiser = await caller(t, ORGANISER);
    for (const [sequence, nameZh] of [
      [801, '乙导出'],
      [802, '甲导出'],
      [803, '乙导出'],
      [804, '丙导出'],
    ] as const)
      await addGuest(unit, t, ENTERPRISE, sequence, sequence === 804 ? { nameZh, inviteCode: 'INVITE2025A' } : { nameZh });
    // another unit's guest matching the same filter
    await addGuest(other, t, ENTERPRISE2, 805, { nameZh: '甲导出' });
    type Guest = { id: string; nameZh: string; nameEn: string | null; idNumberMasked: string; status: string };
    const NAME = encodeURIComponent('导出');
    const shownName = (row: Guest) => (row.nameEn ? `${row.nameZh} / ${row.nameEn}` : row.nameZh);
    for (const query of [`name=${NAME}&sort=name`, `name=${NAME}&sort=name&order=desc`, `name=${NAME}&status=pending&sort=status`, '']) {
      const { shown, sheet } = await listBesideExport<Guest>(unit, ENTERPRISE, 'qms/guest/page', 'qms/export/guests', query);
      expect(
        sheet.map((row) => row[0]),
        query,
      ).toEqual(shown.map(shownName));
      // the ID number as the list shows it: masked, never in clear
      expect(sheet.map((row) => row[1])).toEqual(shown.map((row) => row.idNumberMasked));
      expect(sheet.every((row) => row[1]!.includes('*'))).toBe(true);
    }
    const { shown, sheet } = await listBesideExport<Guest>(
      unit,
      ENTERPRISE,
      'qms/guest/page',
      'qms/export/guests',
      `name=${NAME}&sort=name`,
    );
    expect(shown.length).toBe(4);
    const cells = sheet.flat().join('\n');
    for (const sequence of [801, 802, 803, 804, 805]) expect(cells).not.toContain(residentId(sequence));
    // the other unit's export: its one guest, none of the first unit's
    const theirs = await sheetRows((await download(`qms/export/guests?name=${NAME}`, ENTERPRISE2)).rawPayload);
    expect(theirs.map((row) => row[0])).toEqual(['甲导出']);

    // the audit log names who exported which list with its filter and row count
    const entries = (await exportsAudited(organiser)).filter((entry) => entry.targetId === 'console.export.files.unitGuests');
    const mine = entries.find(
      (entry) =>
        entry.actorAccount === ENTERPRISE &&
        JSON.stringify(entry.after) === JSON.stringify({ filter: { name: '导出', status: 'pending', sort: 'status' }, rows: 3 }),
    );
    expect(mine, JSON.stringify(entries)).toBeDefined();
    expect(mine!.targetLabel).toBe('our-guests');
    expect(entries.some((entry) => entry.actorAccount === ENTERPRISE2 && (entry.after as { rows: number }).rows === 1)).toBe(true);

    // organisers and other accounts have no unit: 403 before the query is read; a unit's bad query is 400; contact data is organisers' only
    expect((await download(`qms/export/guests?name=${NAME}`, ORGANISER)).statusCode).toBe(403);
    expect((await download('qms/export/guests?sort=idNumber', ORGANISER)).statusCode).toBe(403);
    expect((await download('qms/export/guests', STAFF)).statusCode).toBe(403);
    expect((await download('qms/export/guests?sort=idNumber', ENTERPRISE)).statusCode).toBe(400);
    expect((await download('qms/export/guests?contacts=1', ENTERPRISE)).statusCode).toBe(403);
    const before = (await exportsAudited(organiser)).length;
    expect((await t.app.inject({ method: 'GET', url: '/exhibition/qms/export/guests' })).statusCode).toBe(401);
    expect((await exportsAudited(organiser)).length).toBe(before);
  });

  it("exports a unit's own vehicles and unofficial-activity guests as its lists show them, mobiles masked, never another unit's", async () => {
    const first = await caller(t, ENTERPRISE);
    const second = await caller(t, ENTERPRISE2);
    const organiser = await caller(t, ORGANISER);
    const vehicle = (plateNumber: string) => ({
      plateNumber,
      vehicleType: 'mpv',
      seats: 7,
      driverName: '导出司机',
      driverMobile: '13912345671',
      arrivalTime: '2027-06-17T08:00:00+08:00',
      purpose: 'guest-transport',
    });
    for (const [unit, plate] of [
      [first, '鲁B30002'],
      [second, '鲁B30001'],
      [first, '鲁B30003'],
      [first, '鲁B30001'],
    ] as const)
      expect((await unit.post('qms/vehicle', vehicle(plate))).status).toBe(200);
    type Row = { id: string; document: Record<string, unknown> };
    const KEY = encodeURIComponent('导出司机');
    for (const query of [`keyword=${KEY}&sort=title`, `keyword=${KEY}&sort=title&order=desc`, `keyword=${KEY}&sort=createdAt`, '']) {
      const { shown, sheet } = await listBesideExport<Row>(first, ENTERPRISE, 'qms/vehicle/page', 'qms/export/vehicle', query);
      expect(
        sheet.map((row) => row[0]),
        query,
      ).toEqual(shown.map((row) => row.document.plateNumber));
    }
    const plates = await sheetRows((await download(`qms/export/vehicle?keyword=${KEY}&sort=title&order=desc`, ENTERPRISE)).rawPayload);
    expect(plates.map((row) => row[0])).toEqual(['鲁B30003', '鲁B30002', '鲁B30001']);
    // the driver's mobile is masked as in the list, never in clear
    expect(plates.flat().join('\n')).not.toContain('13912345671');
    expect(plates.flat().some((cell) => cell.startsWith('139') && cell.includes('*'))).toBe(true);
    const theirs = await sheetRows((await download(`qms/export/vehicle?keyword=${KEY}`, ENTERPRISE2)).rawPayload);
    expect(theirs.map((row) => row[0])).toEqual(['鲁B30001']);

    for (const [unit, nameZh] of [
      [first, '导出乙'],
      [second, '导出甲'],
      [first, '导出甲'],
    ] as const)
      expect(
        (
          await unit.post('qms/unofficial-guest', {
            activityName: '导出活动',
            activityTime: '2027-06-17T10:00:00+08:00',
            activityPlace: '青岛',
            nameZh,
            gender: 'male',
            nationality: '中国',
            organisation: '导出单位',
            mobile: '13912345672',
          })
        ).status,
      ).toBe(200);
    const GUEST = encodeURIComponent('导出活动');
    for (const query of [`keyword=${GUEST}&sort=title`, `keyword=${GUEST}&sort=title&order=desc`]) {
      const { shown, sheet } = await listBesideExport<Row>(
        first,
        ENTERPRISE,
        'qms/unofficial-guest/page',
        'qms/export/unofficial-guest',
        query,
      );
      expect(shown.map((row) => row.document.nameZh)).toEqual(query.endsWith('desc') ? ['导出甲', '导出乙'] : ['导出乙', '导出甲']);
      const nameColumn = sheet.map((row) => row.find((cell) => cell?.startsWith('导出') && cell !== '导出活动' && cell !== '导出单位'));
      expect(nameColumn, query).toEqual(shown.map((row) => row.document.nameZh));
      expect(sheet.flat().join('\n')).not.toContain('13912345672');
    }
    const audited = await exportsAudited(organiser);
    expect(
      audited.some(
        (entry) =>
          entry.actorAccount === ENTERPRISE &&
          entry.targetId === 'console.export.files.vehicle' &&
          JSON.stringify(entry.after) === JSON.stringify({ filter: { keyword: '导出司机', sort: 'title', order: 'desc' }, rows: 3 }),
      ),
      JSON.stringify(audited),
    ).toBe(true);
    expect(audited.some((entry) => entry.targetId === 'console.export.files.unofficial-guest')).toBe(true);
    for (const kind of ['vehicle', 'unofficial-guest']) expect((await download(`qms/export/${kind}`, ORGANISER)).statusCode).toBe(403);
  });

  it('gives organisers the historical guests, investment projects and downloads as their lists show them; units get 403', async () => {
    const organiser = await caller(t, ORGANISER);
    for (const [session, nameZh, mobile] of [
      [2, '乙历届导', '13912345673'],
      [1, '丙历届导', undefined],
      [2, '甲历届导', undefined],
    ] as const)
      expect(
        (
          await organiser.post('admin/historical-guest', {
            session,
            nameZh,
            unitName: '青岛导出集团',
            position: '董事长',
            ...(mobile ? { mobile } : {}),
          })
        ).status,
      ).toBe(200);
    type Historical = { id: string; document: { session: number; nameZh: string } };
    const KEY = encodeURIComponent('历届导');
    for (const query of [`keyword=${KEY}&sort=title`, `keyword=${KEY}&sort=session&order=desc`, `keyword=${KEY}&session=2&sort=title`]) {
      const { shown, sheet } = await listBesideExport<Historical>(
        organiser,
        ORGANISER,
        'qms/historical-guest/page',
        'admin/console/export/historical-guest',
        query,
      );
      expect(shown.length).toBeGreaterThan(0);
      expect(
        sheet.map((row) => row.find((cell) => cell?.endsWith('历届导'))),
        query,
      ).toEqual(shown.map((row) => row.document.nameZh));
      expect(sheet.flat().join('\n')).not.toContain('13912345673');
    }

    for (const name of ['乙项目导', '甲项目导', '丙项目导'])
      expect((await organiser.post('admin/investment-project', { name, area: '青岛', industry: '海洋' })).status).toBe(200);
    type Project = { id: string; document: { name: string } };
    const PROJECT = encodeURIComponent('项目导');
    for (const query of [`keyword=${PROJECT}&sort=title`, `keyword=${PROJECT}&sort=title&order=desc`]) {
      const { shown, sheet } = await listBesideExport<Project>(
        organiser,
        ORGANISER,
        'qms/investment-project/page',
        'admin/console/export/investment-project',
        query,
      );
      expect(shown.length).toBe(3);
      expect(sheet.map((row) => row.find((cell) => cell?.endsWith('项目导')))).toEqual(shown.map((row) => row.document.name));
    }

    const publish = async (title: string, category: string, at: string) => {
      time.set(at);
      const file = await upload(t, organiser, 'downloadFile', 'x.pdf', archives.pdf(), 'application/pdf');
      expect((await organiser.post('admin/download', { title, category, file })).status).toBe(200);
    };
    await publish('导出下载乙', 'other', '2027-06-01T05:00:00.000Z');
    await publish('导出下载甲', 'agenda', '2027-06-01T06:00:00.000Z');
    await publish('导出下载丙', 'guideline', '2027-06-01T07:00:00.000Z');
    time.set('2027-06-01T04:00:00.000Z');
    type Download = { id: string; title: string };
    const TITLE = encodeURIComponent('导出下载');
    for (const query of [
      `keyword=${TITLE}`,
      `keyword=${TITLE}&sort=category&order=desc`,
      `keyword=${TITLE}&category=agenda`,
      `keyword=${TITLE}&sort=createdAt`,
    ]) {
      const { shown, sheet } = await listBesideExport<Download>(
        organiser,
        ORGANISER,
        'qms/download/page',
        'admin/console/export/downloads',
        query,
      );
      expect(
        sheet.map((row) => row[0]),
        query,
      ).toEqual(shown.map((row) => row.title));
    }

    for (const path of ['historical-guest', 'investment-project', 'downloads']) {
      expect((await download(`admin/console/export/${path}?keyword=x`, ENTERPRISE)).statusCode, path).toBe(403);
      expect((await download(`admin/console/export/${path}?sort=bogus`, ENTERPRISE)).statusCode, path).toBe(403);
      expect((await download(`admin/console/export/${path}?sort=bogus`, ORGANISER)).statusCode, path).toBe(400);
    }
  });
});
