/**
 * The declared lists converted after the first ones (tests/server/list-sorting.test.ts): each sorts
 * by its columns, then by id, pages without repeats or gaps, filters where a person searches and,
 * for organisers, exports exactly the rows the list shows, in its order. Both databases.
 */
import { expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { allPages, listExports, sheetRows } from './helpers/list-pages.js';
import type { Page } from '../../src/shared/api-types.js';
import { addGuest, caller, ENTERPRISE, ENTERPRISE2, movableClock, ORGANISER, type Caller } from './guests-harness.js';
import { createActivity } from './activities-harness.js';
import { upload } from './content-harness.js';
import { archives } from './uploads-fixtures.js';
import { register, registrationBody, uploadedPicture } from './temporary-harness.js';

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describeEachDatabase('more lists sort, filter and export', (kind) => {
  const time = movableClock();
  const t = useTestApp(kind, {}, { clock: time.clock });
  const { download, listAndExport } = listExports(t);

  it("sorts a unit's own guest list by name and status, ties by id, and pages it without repeats or gaps", async () => {
    const unit = await caller(t, ENTERPRISE);
    for (const [sequence, nameZh] of [
      [601, '乙单位排'],
      [602, '甲单位排'],
      [603, '乙单位排'],
      [604, '丙单位排'],
    ] as const)
      await addGuest(unit, t, ENTERPRISE, sequence, sequence === 604 ? { nameZh, inviteCode: 'INVITE2025A' } : { nameZh });
    // another unit's guest of the same name is not in the list
    await addGuest(await caller(t, ENTERPRISE2), t, ENTERPRISE2, 605, { nameZh: '甲单位排' });
    type Guest = { id: string; nameZh: string; status: string };
    const path = 'qms/guest/page';
    const NAME = encodeURIComponent('单位排');
    const asc = await allPages<Guest>(unit, path, `name=${NAME}&sort=name`, 100);
    expect(asc.map((row) => row.nameZh)).toEqual(['丙单位排', '乙单位排', '乙单位排', '甲单位排']);
    const tied = ids(asc.filter((row) => row.nameZh === '乙单位排'));
    expect(tied).toEqual([...tied].sort());
    expect(ids(await allPages<Guest>(unit, path, `name=${NAME}&sort=name`, 1))).toEqual(ids(asc));
    expect(ids(await allPages<Guest>(unit, path, `name=${NAME}&sort=name&order=desc`, 3))).toEqual(ids(asc).reverse());
    const byStatus = await allPages<Guest>(unit, path, `name=${NAME}&sort=status`, 2);
    expect(byStatus.map((row) => row.status)).toEqual(['approved', 'pending', 'pending', 'pending']);
    expect((await allPages<Guest>(unit, path, `name=${NAME}&status=pending&sort=name&order=desc`, 2)).map((row) => row.nameZh)).toEqual([
      '甲单位排',
      '乙单位排',
      '乙单位排',
    ]);
    expect((await unit.get(`${path}?sort=idNumber`)).status).toBe(400);
  });

  it('sorts the invitation codes by code, company, guest type, expiry and creation, filters them by company and exports what the list shows', async () => {
    const organiser = await caller(t, ORGANISER);
    const units = (await organiser.get<{ id: string; name: string }[]>('admin/console/unit/list')).body.data;
    const company = (part: string) => units.find((unit) => unit.name.includes(part))!;
    const batch = async (unitPart: string, count: number, extra: Record<string, unknown>) => {
      const answer = await organiser.post<string[]>('admin/console/invitation-code/batch', {
        count,
        companyId: company(unitPart).id,
        reviewRequired: true,
        note: '排序批次',
        ...extra,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data;
    };
    time.set('2027-06-01T05:00:00.000Z');
    const second = await batch('第二企业', 2, { guestType: 'vip', expiresOn: '2027-09-01' });
    time.set('2027-06-01T06:00:00.000Z');
    const transnational = await batch('跨国企业', 3, { guestType: 'general' });
    time.set('2027-06-01T04:00:00.000Z');
    const ours = new Set([...second, ...transnational]);
    type Code = { code: string; companyName: string | null; guestType: string; expiresOn: string | null; createdAt: string };
    const path = 'admin/console/invitation-code/page';
    const mine = (rows: Code[]) => rows.filter((row) => ours.has(row.code));
    const byCode = mine(await allPages<Code>(organiser, path, 'sort=code', 100));
    expect(byCode.map((row) => row.code)).toEqual([...ours].sort());
    expect(mine(await allPages<Code>(organiser, path, 'sort=code&order=desc', 3)).map((row) => row.code)).toEqual(
      [...ours].sort().reverse(),
    );
    // one company: the code breaks the tie, pages of one the same as one page
    const enterprise = encodeURIComponent('企业');
    const byCompany = await allPages<Code>(organiser, path, `companyName=${enterprise}&sort=companyName`, 100);
    expect(byCompany.length).toBeGreaterThanOrEqual(5);
    expect(byCompany.every((row) => row.companyName?.includes('企业'))).toBe(true);
    expect((await allPages<Code>(organiser, path, `companyName=${enterprise}&sort=companyName`, 1)).map((row) => row.code)).toEqual(
      byCompany.map((row) => row.code),
    );
    expect(
      (await allPages<Code>(organiser, path, `companyName=${encodeURIComponent('第二企业')}&sort=createdAt`, 2))
        .map((row) => row.code)
        .filter((code) => ours.has(code)),
    ).toEqual([...second].sort());
    // no expiry comes last going up, first going down
    const byExpiry = mine(await allPages<Code>(organiser, path, 'sort=expiresOn', 3));
    expect(byExpiry.map((row) => row.expiresOn)).toEqual(['2027-09-01', '2027-09-01', null, null, null]);
    const byType = mine(await allPages<Code>(organiser, path, 'sort=guestType&order=desc', 2));
    expect(byType.map((row) => row.guestType)).toEqual(['vip', 'vip', 'general', 'general', 'general']);
    expect(await allPages<Code>(organiser, path, `companyName=${encodeURIComponent('%')}`, 10)).toEqual([]);
    for (const query of [
      `companyName=${enterprise}&sort=companyName&order=desc`,
      'sort=expiresOn',
      'state=active&sort=createdAt&order=desc',
      '',
    ])
      await listAndExport<Code>(organiser, path, 'admin/console/export/invitation-codes', query, (row) => row.code);
    expect((await organiser.get(`${path}?sort=note`)).status).toBe(400);
    expect((await download('admin/console/export/invitation-codes?sort=note', ENTERPRISE)).statusCode).toBe(403);
  });

  it("sorts the organisers' activities by name, category, start and status, searches them by name and exports what the list shows; a unit's tab sorts and searches too", async () => {
    const organiser = await caller(t, ORGANISER);
    const made = async (name: string, category: 'committee' | 'city', day: number, publish: boolean) =>
      (await createActivity(organiser, { name: `排序活动${name}`, category, startTime: `2027-06-1${day}T09:00:00+08:00` }, publish)).id;
    const b = await made('乙', 'committee', 3, true);
    const a1 = await made('甲', 'city', 1, true);
    const c = await made('丙', 'committee', 2, false);
    const a2 = await made('甲', 'committee', 4, true);
    await createActivity(organiser, { name: '别的活动' });
    type Activity = { id: string; category: string; status: string; document: { name: string; startTime: string } };
    const path = 'admin/activity/page';
    const NAME = encodeURIComponent('排序活动');
    const byName = await allPages<Activity>(organiser, path, `name=${NAME}&sort=name`, 100);
    expect(byName.map((row) => row.document.name)).toEqual(['排序活动丙', '排序活动乙', '排序活动甲', '排序活动甲']);
    expect(ids(byName).slice(2)).toEqual([a1, a2].sort());
    expect(ids(await allPages<Activity>(organiser, path, `name=${NAME}&sort=name`, 1))).toEqual(ids(byName));
    expect(ids(await allPages<Activity>(organiser, path, `name=${NAME}&sort=name&order=desc`, 3))).toEqual(ids(byName).reverse());
    // without a sort: by start time, as before
    expect(ids(await allPages<Activity>(organiser, path, `name=${NAME}`, 3))).toEqual([a1, c, b, a2]);
    expect(ids(await allPages<Activity>(organiser, path, `name=${NAME}&sort=startTime&order=desc`, 3))).toEqual([a2, b, c, a1]);
    expect((await allPages<Activity>(organiser, path, `name=${NAME}&sort=category`, 2)).map((row) => row.category)).toEqual([
      'city',
      'committee',
      'committee',
      'committee',
    ]);
    expect((await allPages<Activity>(organiser, path, `name=${NAME}&sort=status`, 2)).map((row) => row.status)).toEqual([
      'draft',
      'published',
      'published',
      'published',
    ]);
    expect(
      ids(await allPages<Activity>(organiser, path, `name=${NAME}&category=committee&status=published&sort=name&order=desc`, 2)),
    ).toEqual([a2, b]);
    expect(await allPages<Activity>(organiser, path, `name=${encodeURIComponent('_')}`, 10)).toEqual([]);
    for (const query of [`name=${NAME}&sort=name&order=desc`, `name=${NAME}&sort=category`, 'status=published&sort=startTime', ''])
      await listAndExport<Activity>(organiser, path, 'admin/console/export/activities', query, (row) => row.document.name);
    expect((await organiser.get(`${path}?sort=place`)).status).toBe(400);
    expect((await download('admin/console/export/activities?sort=name', ENTERPRISE)).statusCode).toBe(403);
    // a unit's committee tab: published activities only, searched and sorted the same way
    const unit = await caller(t, ENTERPRISE);
    const tab = await allPages<Activity>(unit, 'qms/activity/page', `category=committee&name=${NAME}&sort=name&order=desc`, 1);
    expect(ids(tab)).toEqual([a2, b]);
    expect(ids(await allPages<Activity>(unit, 'qms/activity/page', `category=committee&name=${NAME}&sort=startTime`, 1))).toEqual([b, a2]);
  });

  it("sorts every unit's vehicles by unit and plate, searches them by keyword and exports what the organisers' list shows; a unit's own list sorts too", async () => {
    const organiser = await caller(t, ORGANISER);
    const first = await caller(t, ENTERPRISE);
    const second = await caller(t, ENTERPRISE2);
    const vehicle = (plateNumber: string) => ({
      plateNumber,
      vehicleType: 'mpv',
      seats: 7,
      driverName: '排序司机',
      driverMobile: '13912345670',
      arrivalTime: '2027-06-17T08:00:00+08:00',
      purpose: 'guest-transport',
    });
    type Record = { id: string; unitName: string | null; document: { plateNumber: string } };
    const plates: [Caller, string][] = [
      [first, '鲁B20002'],
      [second, '鲁B20001'],
      [first, '鲁B20003'],
      [second, '鲁B20004'],
    ];
    for (const [unit, plate] of plates) expect((await unit.post('qms/vehicle', vehicle(plate))).status).toBe(200);
    const path = 'admin/vehicle/page';
    const KEY = encodeURIComponent('排序司机');
    const byPlate = await allPages<Record>(organiser, path, `keyword=${KEY}&sort=title`, 100);
    expect(byPlate.map((row) => row.document.plateNumber)).toEqual(['鲁B20001', '鲁B20002', '鲁B20003', '鲁B20004']);
    expect(ids(await allPages<Record>(organiser, path, `keyword=${KEY}&sort=title&order=desc`, 3))).toEqual(ids(byPlate).reverse());
    // two rows a unit: the id decides within one, the same on pages of one
    const byUnit = await allPages<Record>(organiser, path, `keyword=${KEY}&sort=unitName`, 1);
    expect(byUnit.map((row) => row.unitName)).toEqual([...byUnit.map((row) => row.unitName)].sort());
    for (const unitName of new Set(byUnit.map((row) => row.unitName))) {
      const rows = ids(byUnit.filter((row) => row.unitName === unitName));
      expect(rows).toEqual([...rows].sort());
    }
    expect(ids(await allPages<Record>(organiser, path, `keyword=${KEY}&sort=unitName&order=desc`, 3))).toEqual(ids(byUnit).reverse());
    for (const query of [`keyword=${KEY}&sort=title&order=desc`, `keyword=${KEY}&sort=unitName`, 'sort=title', ''])
      await listAndExport<Record>(organiser, path, 'admin/console/export/vehicle', query, (row) => row.unitName ?? '');
    const plateColumn = async (query: string) =>
      (await sheetRows((await download(`admin/console/export/vehicle?${query}`)).rawPayload)).map((row) => row[1]);
    expect(await plateColumn(`keyword=${KEY}&sort=title&order=desc`)).toEqual(['鲁B20004', '鲁B20003', '鲁B20002', '鲁B20001']);
    expect((await organiser.get(`${path}?sort=seats`)).status).toBe(400);
    expect((await download('admin/console/export/vehicle?sort=title', ENTERPRISE)).statusCode).toBe(403);
    // the unit's own list: its rows only, by plate both ways
    const own = await allPages<Record>(first, 'qms/vehicle/page', `keyword=${KEY}&sort=title&order=desc`, 1);
    expect(own.map((row) => row.document.plateNumber)).toEqual(['鲁B20003', '鲁B20002']);
  });

  it('sorts the historical guests by session and name, the investment projects by name and the downloads by title, category and time', async () => {
    const organiser = await caller(t, ORGANISER);
    const unit = await caller(t, ENTERPRISE);
    for (const [session, nameZh] of [
      [2, '乙历届排'],
      [1, '丙历届排'],
      [2, '甲历届排'],
      [1, '乙历届排'],
    ] as const)
      expect(
        (await organiser.post('admin/historical-guest', { session, nameZh, unitName: '青岛历届集团', position: '董事长' })).status,
      ).toBe(200);
    type Historical = { id: string; document: { session: number; nameZh: string } };
    const path = 'qms/historical-guest/page';
    const KEY = encodeURIComponent('历届排');
    const bySession = await allPages<Historical>(unit, path, `keyword=${KEY}&sort=session`, 1);
    expect(bySession.map((row) => row.document.session)).toEqual([1, 1, 2, 2]);
    const byName = await allPages<Historical>(unit, path, `keyword=${KEY}&sort=title`, 3);
    expect(byName.map((row) => row.document.nameZh)).toEqual(['丙历届排', '乙历届排', '乙历届排', '甲历届排']);
    expect(ids(await allPages<Historical>(unit, path, `keyword=${KEY}&sort=title&order=desc`, 1))).toEqual(ids(byName).reverse());
    expect(
      (await allPages<Historical>(unit, path, `keyword=${KEY}&session=2&sort=title&order=desc`, 1)).map((row) => row.document.nameZh),
    ).toEqual(['甲历届排', '乙历届排']);
    // a column the list has not (a download's category) leaves the list's own order
    expect(ids(await allPages<Historical>(unit, path, `keyword=${KEY}&sort=category`, 3))).toEqual(
      ids(await allPages<Historical>(unit, path, `keyword=${KEY}`, 3)),
    );

    for (const name of ['乙项目排', '甲项目排', '丙项目排'])
      expect((await organiser.post('admin/investment-project', { name, area: '青岛', industry: '海洋' })).status).toBe(200);
    type Project = { id: string; document: { name: string } };
    const projects = await allPages<Project>(unit, 'qms/investment-project/page', `keyword=${encodeURIComponent('项目排')}&sort=title`, 2);
    expect(projects.map((row) => row.document.name)).toEqual(['丙项目排', '乙项目排', '甲项目排']);

    const publish = async (title: string, category: string, at: string) => {
      time.set(at);
      const file = await upload(t, organiser, 'downloadFile', 'x.pdf', archives.pdf(), 'application/pdf');
      expect((await organiser.post('admin/download', { title, category, file })).status).toBe(200);
    };
    await publish('排序下载乙', 'other', '2027-06-01T05:00:00.000Z');
    await publish('排序下载甲', 'agenda', '2027-06-01T06:00:00.000Z');
    await publish('排序下载丙', 'guideline', '2027-06-01T07:00:00.000Z');
    time.set('2027-06-01T04:00:00.000Z');
    type Download = { id: string; title: string; category: string };
    const downloads = 'qms/download/page';
    const TITLE = encodeURIComponent('排序下载');
    const newest = await allPages<Download>(unit, downloads, `keyword=${TITLE}`, 2);
    expect(newest.map((row) => row.title)).toEqual(['排序下载丙', '排序下载甲', '排序下载乙']);
    expect(ids(await allPages<Download>(unit, downloads, `keyword=${TITLE}&sort=createdAt`, 1))).toEqual(ids(newest).reverse());
    expect((await allPages<Download>(unit, downloads, `keyword=${TITLE}&sort=title&order=desc`, 2)).map((row) => row.title)).toEqual([
      '排序下载甲',
      '排序下载乙',
      '排序下载丙',
    ]);
    expect((await allPages<Download>(unit, downloads, `keyword=${TITLE}&sort=category`, 2)).map((row) => row.category)).toEqual([
      'agenda',
      'guideline',
      'other',
    ]);
  });

  it('sorts the temporary registrations by name, type and time, with their filters, and exports them in the order the list shows', async () => {
    const organiser = await caller(t, ORGANISER);
    const people: [string, string, string, string][] = [
      ['Sort Bravo', 'worker', '13600000101', '2027-06-01T05:00:00.000Z'],
      ['Sort Alpha', 'volunteer', '13600000102', '2027-06-01T06:00:00.000Z'],
      ['Sort Charlie', 'worker', '13600000103', '2027-06-01T07:00:00.000Z'],
      ['Sort Alpha', 'worker', '13600000104', '2027-06-01T08:00:00.000Z'],
    ];
    for (const [name, registrationType, mobile, at] of people) {
      time.set(at);
      const { status, body } = await register(t, registrationBody(await uploadedPicture(t), { name, registrationType, mobile }));
      expect(status, JSON.stringify(body)).toBe(200);
    }
    time.set('2027-06-01T04:00:00.000Z');
    type Temporary = { id: string; name: string; registrationType: string; createdAt: string };
    const path = 'admin/temporary/page';
    const KEY = 'keyword=Sort';
    // without a sort: newest first, as before
    const newest = await allPages<Temporary>(organiser, path, KEY, 3);
    expect(newest.map((row) => row.name)).toEqual(['Sort Alpha', 'Sort Charlie', 'Sort Alpha', 'Sort Bravo']);
    expect(ids(await allPages<Temporary>(organiser, path, `${KEY}&sort=createdAt`, 1))).toEqual(ids(newest).reverse());
    const byName = await allPages<Temporary>(organiser, path, `${KEY}&sort=name`, 1);
    expect(byName.map((row) => row.name)).toEqual(['Sort Alpha', 'Sort Alpha', 'Sort Bravo', 'Sort Charlie']);
    expect(ids(byName).slice(0, 2)).toEqual(ids(byName).slice(0, 2).sort());
    expect(ids(await allPages<Temporary>(organiser, path, `${KEY}&sort=name&order=desc`, 3))).toEqual(ids(byName).reverse());
    expect(
      (await allPages<Temporary>(organiser, path, `${KEY}&sort=registrationType&order=desc`, 2)).map((row) => row.registrationType),
    ).toEqual(['worker', 'worker', 'worker', 'volunteer']);
    expect((await allPages<Temporary>(organiser, path, `${KEY}&registrationType=worker&sort=name`, 2)).map((row) => row.name)).toEqual([
      'Sort Alpha',
      'Sort Bravo',
      'Sort Charlie',
    ]);
    for (const query of [`${KEY}&sort=name&order=desc`, `${KEY}&registrationType=worker&sort=createdAt`, KEY, 'sort=name']) {
      const shown = await allPages<Temporary>(organiser, path, query, 2);
      const answer = await download(`admin/temporary/export?${query}`);
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
      const names: string[] = [];
      workbook.worksheets[0]!.eachRow((row, n) => n > 1 && names.push(String(row.getCell(1).value)));
      expect(names, query).toEqual(shown.map((row) => row.name));
    }
    expect((await organiser.get(`${path}?sort=mobile`)).status).toBe(400);
  });

  it("exports the audit log's changes as its list shows them, in the language of the download", async () => {
    const organiser = await caller(t, ORGANISER);
    time.set('2027-08-01T03:00:00.000Z');
    const created = await organiser.post<{ id: string }>('admin/console/notice', {
      title: '变更通知',
      content: '正文',
      audiences: [],
      unitIds: [],
    });
    time.set('2027-08-01T04:00:00.000Z');
    expect((await organiser.post(`admin/console/notice/${created.body.data.id}/publish`)).status).toBe(200);
    time.set('2027-06-01T04:00:00.000Z');
    const query = 'targetType=notice&from=2027-08-01&to=2027-08-01&sort=at';
    for (const [language, header, published] of [
      ['en', 'Changes', 'Status: Draft → Published'],
      ['zh-CN', '变更内容', '状态: 草稿 → 已发布'],
    ] as const) {
      const headers = { authorization: `Bearer ${organiser.token}`, 'accept-language': language };
      const list = await t.app.inject({ method: 'GET', url: `/exhibition/admin/console/audit/page?${query}`, headers });
      type Entry = { action: string; changes: { field: string; before: string; after: string }[] };
      const shown = (list.json() as { data: Page<Entry> }).data.records;
      expect(shown.map((row) => row.action)).toEqual(['notice.create', 'notice.publish']);
      const answer = await t.app.inject({ method: 'GET', url: `/exhibition/admin/console/export/audit-log?${query}`, headers });
      expect(answer.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const column = (sheet.getRow(1).values as unknown[]).indexOf(header);
      expect(column, `${language}: a ${header} column`).toBeGreaterThan(0);
      const cells = [2, 3].map((n) => String(sheet.getRow(n).getCell(column).value ?? ''));
      expect(cells).toEqual(
        shown.map((row) =>
          row.changes.map((c) => (c.field ? `${c.field}: ${c.before} → ${c.after}` : `${c.before} → ${c.after}`)).join('\n'),
        ),
      );
      expect(cells[1]).toBe(published);
    }
  });

  it("lists the organisers' units with their guests' counts, sorted by each column, filtered by name and type, and exports what the list shows", async () => {
    const organiser = await caller(t, ORGANISER);
    type Unit = { id: string; name: string; unitType: string; guestCount: number; approvedCount: number; pendingCount: number };
    const path = 'admin/console/unit/page';
    const first = await caller(t, ENTERPRISE);
    await addGuest(first, t, ENTERPRISE, 701, { nameZh: '单位计数甲', inviteCode: 'INVITE2025A' });
    await addGuest(first, t, ENTERPRISE, 702, { nameZh: '单位计数乙' });
    await addGuest(await caller(t, ENTERPRISE2), t, ENTERPRISE2, 703, { nameZh: '单位计数丙' });
    const all = await allPages<Unit>(organiser, path, 'sort=name', 100);
    expect(all.length).toBeGreaterThanOrEqual(4);
    // the counts are the guests' own: the guest search of each unit says the same
    for (const unit of all) {
      const guests = (await organiser.get<Page<unknown>>(`admin/console/guest/page?unitName=${encodeURIComponent(unit.name)}&pageSize=1`))
        .body.data;
      const approved = (
        await organiser.get<Page<unknown>>(`admin/console/guest/page?unitName=${encodeURIComponent(unit.name)}&status=approved&pageSize=1`)
      ).body.data;
      if (all.filter((other) => other.name.includes(unit.name)).length > 1) continue;
      expect(unit.guestCount, unit.name).toBe(guests.total);
      expect(unit.approvedCount, unit.name).toBe(approved.total);
    }
    expect(all.some((unit) => unit.guestCount > 0)).toBe(true);
    const byCount = await allPages<Unit>(organiser, path, 'sort=guestCount', 1);
    expect(byCount.map((unit) => unit.guestCount)).toEqual([...all.map((unit) => unit.guestCount)].sort((a, b) => a - b));
    for (let i = 1; i < byCount.length; i += 1)
      if (byCount[i]!.guestCount === byCount[i - 1]!.guestCount) expect(byCount[i]!.id > byCount[i - 1]!.id).toBe(true);
    expect(ids(await allPages<Unit>(organiser, path, 'sort=guestCount&order=desc', 3))).toEqual(ids(byCount).reverse());
    const byPending = await allPages<Unit>(organiser, path, 'sort=pendingCount&order=desc', 2);
    expect(byPending.map((unit) => unit.pendingCount)).toEqual([...all.map((unit) => unit.pendingCount)].sort((a, b) => b - a));
    const byType = await allPages<Unit>(organiser, path, 'sort=unitType', 2);
    expect(byType.map((unit) => unit.unitType)).toEqual([...all.map((unit) => unit.unitType)].sort());
    const enterprises = await allPages<Unit>(
      organiser,
      path,
      `unitType=enterprise&name=${encodeURIComponent('企业')}&sort=name&order=desc`,
      1,
    );
    expect(enterprises.length).toBeGreaterThanOrEqual(2);
    expect(enterprises.every((unit) => unit.unitType === 'enterprise' && unit.name.includes('企业'))).toBe(true);
    expect(await allPages<Unit>(organiser, path, `name=${encodeURIComponent('%')}`, 10)).toEqual([]);
    for (const query of ['sort=guestCount&order=desc', `unitType=enterprise&sort=name`, 'sort=approvedCount', ''])
      await listAndExport<Unit>(organiser, path, 'admin/console/export/units', query, (row) => row.name);
    const counts = await sheetRows((await download('admin/console/export/units?sort=guestCount&order=desc')).rawPayload);
    expect(counts.map((row) => Number(row[2]))).toEqual(byCount.map((unit) => unit.guestCount).reverse());
    expect((await organiser.get(`${path}?sort=rejectedCount`)).status).toBe(400);
    expect((await (await caller(t, ENTERPRISE)).get(path)).status).toBe(403);
    expect((await download('admin/console/export/units', ENTERPRISE)).statusCode).toBe(403);
  });
});
