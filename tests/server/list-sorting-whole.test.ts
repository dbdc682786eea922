/**
 * Lists sorted by their columns that had no order of their own: those that come whole (the
 * receptionists, the temporary codes, an activity's roster: the client sorts the rows it has,
 * the export sorts the same rows through the same comparison, pageOfWhole) and the two paged
 * ones (one's notices, the recommendations received: sorted by the database). For each, the
 * export asked with a list's sort and order holds the rows in the order the list shows them.
 * Both databases.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { allPages, listExports, sheetRows } from './helpers/list-pages.js';
import { sortedWhole, type WholeListOrder } from '../../src/shared/whole-list-order.js';
import type { AdminActivityDetail } from '../../src/shared/activity-api.js';
import {
  addGuest,
  caller,
  ENTERPRISE,
  ENTERPRISE2,
  itineraryBody,
  movableClock,
  ORGANISER,
  publishNoticesHourly,
} from './guests-harness.js';
import { recommend } from './temporary-harness.js';
import { createActivity, signUp } from './activities-harness.js';

const queryOf = (asked: WholeListOrder) => new URLSearchParams(asked as Record<string, string>).toString();

describeEachDatabase('sorted lists and their exports in the same order', (kind) => {
  const time = movableClock('2027-06-01T04:00:00.000Z');
  const t = useTestApp(kind, { MESSAGE_WORKER: '0' }, { clock: time.clock });
  const { download, listAndExport } = listExports(t);

  async function exported(url: string): Promise<string[][]> {
    const answer = await download(url);
    expect(answer.statusCode, `${url}: ${answer.body.slice(0, 300)}`).toBe(200);
    return sheetRows(answer.rawPayload);
  }

  it('exports the receptionists and the temporary codes sorted as their lists sort them: names by pinyin, codes by their numbers', async () => {
    const organiser = await caller(t, ORGANISER);
    for (const [name, mobile] of [
      ['张排序', '13912345671'],
      ['阿排序', '13912345672'],
      ['李排序', '13912345673'],
    ] as const)
      expect((await organiser.post('admin/console/receptionist', { name, mobile })).status).toBe(200);
    type Receptionist = { name: string };
    const receptionists = (await organiser.get<Receptionist[]>('admin/console/receptionist')).body.data;
    for (const asked of [{ sort: 'name' }, { sort: 'name', order: 'desc' }, { sort: 'hotelName', order: 'desc' }, {}]) {
      const sheet = await exported(`admin/console/export/receptionists?${queryOf(asked)}`);
      expect(
        sheet.map((row) => row[0]),
        JSON.stringify(asked),
      ).toEqual(sortedWhole(receptionists, asked).map((row) => row.name));
    }
    const byName = await exported('admin/console/export/receptionists?sort=name');
    expect(byName.map((row) => row[0]).filter((name) => name!.endsWith('排序'))).toEqual(['阿排序', '李排序', '张排序']);

    for (const [i, code] of ['SORT10', 'SORT2', 'SORT1'].entries()) {
      time.set(`2027-06-01T0${5 + i}:00:00.000Z`);
      expect((await organiser.post('admin/temporary/codes', { code, registrationType: 'volunteer' })).status).toBe(200);
    }
    type Code = { code: string };
    const codes = (await organiser.get<Code[]>('admin/temporary/codes')).body.data;
    for (const asked of [{ sort: 'code' }, { sort: 'code', order: 'desc' }, { sort: 'used', order: 'desc' }, {}]) {
      const sheet = await exported(`admin/temporary/export/codes?${queryOf(asked)}`);
      expect(
        sheet.map((row) => row[0]),
        JSON.stringify(asked),
      ).toEqual(sortedWhole(codes, asked).map((row) => row.code));
    }
    const byCode = await exported('admin/temporary/export/codes?sort=code');
    expect(byCode.map((row) => row[0]).filter((code) => code!.startsWith('SORT'))).toEqual(['SORT1', 'SORT2', 'SORT10']);
    // no sort: the list's own order, newest first
    expect((await exported('admin/temporary/export/codes')).map((row) => row[0]).slice(0, 3)).toEqual(['SORT1', 'SORT2', 'SORT10']);
    expect((await download('admin/temporary/export/codes?sort=bogus')).statusCode).toBe(400);
  });

  it("exports an activity's roster sorted as its dialog's list sorts it, and its own order (signed up) without a sort", async () => {
    const organiser = await caller(t, ORGANISER);
    const activity = await createActivity(organiser, { name: '排序活动' });
    for (const [i, [account, nameZh]] of [
      [ENTERPRISE, '张名单'],
      [ENTERPRISE2, '阿名单'],
      [ENTERPRISE, '李名单'],
    ].entries()) {
      const unit = await caller(t, account!);
      time.set(`2027-06-01T1${i}:00:00.000Z`);
      const guest = await addGuest(unit, t, account!, 700 + i, {
        nameZh,
        inviteCode: account === ENTERPRISE ? 'INVITE2025A' : 'ENT2-GUEST',
      });
      expect((await unit.put(`qms/guest/${guest.id}/itinerary`, itineraryBody)).status).toBe(200);
      expect((await signUp(unit, activity.id, guest.id)).status).toBe(200);
    }
    const detail = (await organiser.get<AdminActivityDetail>(`admin/activity/${activity.id}`)).body.data;
    expect(detail.signedUp.map((row) => row.personName)).toEqual(['张名单', '阿名单', '李名单']);
    for (const asked of [
      { sort: 'personName' },
      { sort: 'personName', order: 'desc' },
      { sort: 'unitName' },
      { sort: 'createdAt', order: 'desc' },
      {},
    ]) {
      const sheet = await exported(`admin/activity/export/signed-up?id=${activity.id}&${queryOf(asked)}`);
      expect(
        sheet.map((row) => row[1]),
        JSON.stringify(asked),
      ).toEqual(sortedWhole(detail.signedUp, asked).map((row) => row.personName));
    }
    expect((await exported(`admin/activity/export/signed-up?id=${activity.id}&sort=personName`)).map((row) => row[1])).toEqual([
      '阿名单',
      '李名单',
      '张名单',
    ]);
  });

  it("sorts one's notices and the recommendations received by their time, page by page, and exports them in the same order", async () => {
    const organiser = await caller(t, ORGANISER);
    await publishNoticesHourly(organiser, time, ['排序通知一', '排序通知二', '排序通知三']);
    time.set('2027-06-02T06:00:00.000Z');
    type Notice = { title: string };
    const noticeList = 'qms/notice-announce/myNoticePage';
    const ours = (rows: Notice[]) => rows.map((row) => row.title).filter((title) => title.startsWith('排序通知'));
    const newestFirst = await listAndExport<Notice>(organiser, noticeList, 'qms/export/notices', '', (row) => row.title);
    expect(ours(newestFirst)).toEqual(['排序通知三', '排序通知二', '排序通知一']);
    const oldestFirst = await listAndExport<Notice>(
      organiser,
      noticeList,
      'qms/export/notices',
      'sort=releaseTime&order=asc',
      (row) => row.title,
    );
    expect(ours(oldestFirst)).toEqual(['排序通知一', '排序通知二', '排序通知三']);
    await listAndExport<Notice>(organiser, noticeList, 'qms/export/notices', 'sort=releaseTime&order=desc', (row) => row.title);
    // a column the list does not sort by is refused, not ignored
    expect((await organiser.get(`${noticeList}?sort=title`)).status).toBe(400);

    for (const [i, recommenderName] of ['推荐排序甲', '推荐排序乙', '推荐排序丙'].entries()) {
      time.set(`2027-06-03T0${1 + i}:00:00.000Z`);
      await recommend(t, { recommenderName, recommenderMobile: `1391234568${i}`, inviteeMobile: `1381234568${i}` });
    }
    type Recommendation = { document: { recommenderName: string } };
    const recommender = (row: Recommendation) => row.document.recommenderName;
    const list = 'admin/temporary/recommendations';
    const exportedAs = 'admin/temporary/export/recommendations';
    const firstCell = (rows: Recommendation[]) => rows.map(recommender);
    const sheetFirst = (sheet: string[][]) => sheet.map((row) => row[0]!.split(' · ')[0]);
    for (const query of ['', 'sort=createdAt&order=asc', 'sort=createdAt&order=desc']) {
      const shown = await allPages<Recommendation>(organiser, list, query, 2);
      expect(sheetFirst(await exported(`${exportedAs}?${query}`)), query).toEqual(firstCell(shown));
    }
    const ascending = firstCell(await allPages<Recommendation>(organiser, list, 'sort=createdAt&order=asc', 2));
    expect(ascending.filter((name) => name.startsWith('推荐排序'))).toEqual(['推荐排序甲', '推荐排序乙', '推荐排序丙']);
    expect(ascending).toEqual(firstCell(await allPages<Recommendation>(organiser, list, '', 2)).reverse());
  });
});
