/**
 * The declared lists converted after the first ones (tests/server/list-sorting.test.ts): each sorts
 * by its columns, then by id, pages without repeats or gaps, filters where a person searches and,
 * for organisers, exports exactly the rows the list shows, in its order. Both databases.
 */
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { Page } from '../../src/shared/api-types.js';
import { addGuest, caller, ENTERPRISE, ENTERPRISE2, movableClock, ORGANISER, type Caller } from './guests-harness.js';
import { createActivity } from './activities-harness.js';

/** Every page of a list, pageSize rows at a time, in order. */
async function allPages<R>(c: Caller, path: string, query: string, pageSize: number): Promise<R[]> {
  const rows: R[] = [];
  for (let pageNum = 1; ; pageNum += 1) {
    const answer = await c.get<Page<R>>(`${path}?${query}&pageSize=${pageSize}&pageNum=${pageNum}`);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    const page = answer.body.data;
    rows.push(...page.records);
    if (rows.length >= page.total || page.records.length === 0) return rows;
  }
}

/** The first sheet's rows below the headers, as cell texts. */
async function sheetRows(body: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return rows.slice(1);
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describeEachDatabase('more lists sort, filter and export', (kind) => {
  const time = movableClock();
  const t = useTestApp(kind, {}, { clock: time.clock });
  const download = async (url: string, account = ORGANISER) => {
    const who = await caller(t, account);
    return t.app.inject({
      method: 'GET',
      url: `/exhibition/${url}`,
      headers: { authorization: `Bearer ${who.token}`, 'accept-language': 'en' },
    });
  };
  /** The list's rows in the order shown (pages of two) and the export's first column, for one query. */
  async function listAndExport<R>(organiser: Caller, list: string, exported: string, query: string, first: (row: R) => string) {
    const shown = await allPages<R>(organiser, list, query, 2);
    const answer = await download(`${exported}?${query}`);
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    expect(
      (await sheetRows(answer.rawPayload)).map((row) => row[0]),
      `${exported}?${query}`,
    ).toEqual(shown.map(first));
    return shown;
  }

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
    expect(mine(await allPages<Code>(organiser, path, 'sort=code&order=desc', 3)).map((row) => row.code)).toEqual([...ours].sort().reverse());
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
    for (const query of [`companyName=${enterprise}&sort=companyName&order=desc`, 'sort=expiresOn', 'state=active&sort=createdAt&order=desc', ''])
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
    expect(ids(await allPages<Activity>(organiser, path, `name=${NAME}&category=committee&status=published&sort=name&order=desc`, 2))).toEqual([
      a2,
      b,
    ]);
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
});
