/** Lists sort by a column, then by id, on both databases; OFFSET pages of a sorted list neither repeat nor skip a row. */
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { allPages as pagesOf, listExports, sheetRows } from './helpers/list-pages.js';
import { addGuest, caller, ENTERPRISE, ENTERPRISE2, GOVERNMENT, MEDIA, movableClock, ORGANISER, type Caller } from './guests-harness.js';

type Row = { id: string; nameZh: string; inviteCode: string | null; status: string };

/** Every page of a list, in order: the guest search's rows unless said. */
const allPages = <R = Row>(c: Caller, path: string, query: string, pageSize: number) => pagesOf<R>(c, path, query, pageSize);

const NAME = encodeURIComponent('排序');

describeEachDatabase('list sorting and paging', (kind) => {
  const time = movableClock();
  const t = useTestApp(kind, {}, { clock: time.clock });
  const { download, listAndExport } = listExports(t);

  // the test app's database lives for the file: the guests are added once
  let seeded: Promise<void> | null = null;
  async function seed() {
    seeded ??= addGuests();
    await seeded;
    return caller(t, ORGANISER);
  }
  async function addGuests() {
    const ent = await caller(t, ENTERPRISE);
    const ent2 = await caller(t, ENTERPRISE2);
    // two guests share a name: the id decides between them
    await addGuest(ent, t, ENTERPRISE, 501, { nameZh: '乙排序', inviteCode: 'INVITE2025A' });
    await addGuest(ent2, t, ENTERPRISE2, 502, { nameZh: '甲排序' });
    await addGuest(ent, t, ENTERPRISE, 503, { nameZh: '丁排序' });
    await addGuest(ent2, t, ENTERPRISE2, 504, { nameZh: '乙排序' });
    await addGuest(ent, t, ENTERPRISE, 505, { nameZh: '丙排序', inviteCode: 'INVITE2025A' });
  }

  it('sorts the console guest search by name both ways, ties by id, and pages it without repeats or gaps', async () => {
    const organiser = await seed();
    const path = 'admin/console/guest/page';
    const asc = await allPages(organiser, path, `name=${NAME}&sort=name&order=asc`, 100);
    expect(asc.map((row) => row.nameZh)).toEqual(['丁排序', '丙排序', '乙排序', '乙排序', '甲排序']);
    const tied = asc.filter((row) => row.nameZh === '乙排序').map((row) => row.id);
    expect(tied).toEqual([...tied].sort());
    // pages of two give the same rows in the same order
    expect((await allPages(organiser, path, `name=${NAME}&sort=name&order=asc`, 2)).map((row) => row.id)).toEqual(asc.map((row) => row.id));
    // going down is the exact reverse (the tie-breaker turns round with the column)
    const desc = await allPages(organiser, path, `name=${NAME}&sort=name&order=desc`, 2);
    expect(desc.map((row) => row.id)).toEqual(asc.map((row) => row.id).reverse());
    // a column with blanks: no code comes last going up, on both databases
    const byCode = await allPages(organiser, path, `name=${NAME}&sort=inviteCode`, 2);
    expect(byCode.map((row) => row.inviteCode)).toEqual(['INVITE2025A', 'INVITE2025A', null, null, null]);
    const byStatus = await allPages(organiser, path, `name=${NAME}&sort=status&order=desc`, 3);
    expect(byStatus.map((row) => row.status)).toEqual(['pending', 'pending', 'pending', 'approved', 'approved']);
  });

  it('filters the review queue by name, unit and the day submitted, sorted by name and paged', async () => {
    const organiser = await seed();
    const path = 'admin/review/page';
    // the queue shows pending guests: the three without an invitation code
    const desc = await allPages(organiser, path, `name=${NAME}&sort=name&order=desc`, 2);
    expect(desc.map((row) => row.nameZh)).toEqual(['甲排序', '乙排序', '丁排序']);
    const units = (await organiser.get<{ id: string; name: string }[]>('admin/console/unit/list')).body.data;
    const byUnit = await allPages(organiser, path, `name=${NAME}&sort=name`, 2);
    const unitOf = async (unitName: string) =>
      (await allPages(organiser, path, `name=${NAME}&unitName=${encodeURIComponent(unitName)}&sort=name`, 2)).map((row) => row.nameZh);
    const perUnit = await Promise.all(units.map((unit) => unitOf(unit.name)));
    expect(byUnit).toHaveLength(3);
    // each unit's part, and together every guest of the queue (unit names here contain no other's)
    expect(perUnit.filter((names) => names.length > 0)).toHaveLength(2);
    expect(perUnit.flat().sort()).toEqual(byUnit.map((row) => row.nameZh).sort());
    expect((await allPages(organiser, path, `name=${NAME}&updatedOn=2027-06-01`, 2)).length).toBe(3);
    expect((await allPages(organiser, path, `name=${NAME}&updatedOn=2027-06-02`, 2)).length).toBe(0);
    const bySaved = await allPages(organiser, path, `name=${NAME}&sort=updatedAt&order=asc`, 1);
    expect(new Set(bySaved.map((row) => row.id)).size).toBe(3);
  });

  it("exports the guest search's and the review queue's filtered, sorted rows: the workbook lists what the list shows", async () => {
    const organiser = await seed();
    const download = async (url: string) =>
      t.app.inject({
        method: 'GET',
        url: `/exhibition/${url}`,
        headers: { authorization: `Bearer ${organiser.token}`, 'accept-language': 'en' },
      });
    for (const [list, exported, query] of [
      ['admin/console/guest/page', 'admin/console/export/guest-search', `name=${NAME}&sort=name&order=desc`],
      ['admin/console/guest/page', 'admin/console/export/guest-search', `name=${NAME}&status=approved&sort=inviteCode`],
      ['admin/review/page', 'admin/console/export/review-queue', `name=${NAME}&sort=updatedAt&order=desc`],
    ] as const) {
      const shown = await allPages(organiser, list, query, 2);
      const answer = await download(`${exported}?${query}`);
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
      const rows = await sheetRows(answer.rawPayload);
      expect(
        rows.map((row) => row[0]),
        query,
      ).toEqual(shown.map((row) => row.nameZh));
    }
    const refused = await download('admin/console/export/guest-search?sort=idNumber');
    expect(refused.statusCode).toBe(400);
    const unit = await caller(t, ENTERPRISE);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/exhibition/admin/console/export/review-queue',
          headers: { authorization: `Bearer ${unit.token}` },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a column that does not sort, with a translated message', async () => {
    const organiser = await caller(t, ORGANISER);
    const bad = await organiser.get<unknown>('admin/console/guest/page?sort=idNumber');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).not.toMatch(/must be equal|enum/);
    const wrongOrder = await organiser.get<unknown>('admin/console/guest/page?sort=name&order=up');
    expect(wrongOrder.status).toBe(400);
  });

  it("sorts the organisers' notices by title, release time and status, filters them by title, pages them and exports what the list shows", async () => {
    const organiser = await caller(t, ORGANISER);
    const path = 'admin/console/notice/page';
    const write = async (title: string) =>
      (await organiser.post<{ id: string }>('admin/console/notice', { title, content: '正文', audiences: [], unitIds: [] })).body.data.id;
    const b = await write('排序通知乙');
    await write('排序通知甲');
    const a2 = await write('排序通知甲');
    await write('排序通知丙');
    await write('别的通知');
    // two are published, the later one an hour after the first
    time.set('2027-06-01T05:00:00.000Z');
    expect((await organiser.post(`admin/console/notice/${b}/publish`)).status).toBe(200);
    time.set('2027-06-01T06:00:00.000Z');
    expect((await organiser.post(`admin/console/notice/${a2}/publish`)).status).toBe(200);
    time.set('2027-06-01T04:00:00.000Z');
    type Notice = { id: string; title: string; status: string; publishedAt: string | null };
    const TITLE = encodeURIComponent('排序通知');
    const asc = await allPages<Notice>(organiser, path, `title=${TITLE}&sort=title&order=asc`, 100);
    expect(asc.map((row) => row.title)).toEqual(['排序通知丙', '排序通知乙', '排序通知甲', '排序通知甲']);
    const tied = asc.filter((row) => row.title === '排序通知甲').map((row) => row.id);
    expect(tied).toEqual([...tied].sort());
    expect((await allPages<Notice>(organiser, path, `title=${TITLE}&sort=title&order=asc`, 1)).map((row) => row.id)).toEqual(
      asc.map((row) => row.id),
    );
    const desc = await allPages<Notice>(organiser, path, `title=${TITLE}&sort=title&order=desc`, 3);
    expect(desc.map((row) => row.id)).toEqual(asc.map((row) => row.id).reverse());
    // drafts have no release time: last going up, first going down, on both databases
    const released = await allPages<Notice>(organiser, path, `title=${TITLE}&sort=publishedAt`, 3);
    expect(released.map((row) => row.id).slice(0, 2)).toEqual([b, a2]);
    expect(released.slice(2).map((row) => row.publishedAt)).toEqual([null, null]);
    const releasedDown = await allPages<Notice>(organiser, path, `title=${TITLE}&sort=publishedAt&order=desc`, 3);
    expect(releasedDown.map((row) => row.id)).toEqual(released.map((row) => row.id).reverse());
    const byStatus = await allPages<Notice>(organiser, path, `title=${TITLE}&sort=status`, 2);
    expect(byStatus.map((row) => row.status)).toEqual(['draft', 'draft', 'published', 'published']);
    // a title with a LIKE wildcard is taken literally
    expect(await allPages<Notice>(organiser, path, `title=${encodeURIComponent('%')}`, 10)).toEqual([]);
    for (const query of [`title=${TITLE}&sort=title&order=desc`, `title=${TITLE}&sort=publishedAt`, 'sort=status&order=desc'])
      await listAndExport<Notice>(organiser, path, 'admin/console/export/notices', query, (row) => row.title);
    expect((await organiser.get(`${path}?sort=content`)).status).toBe(400);
    expect((await download('admin/console/export/notices?sort=content', ENTERPRISE)).statusCode).toBe(403);
  });

  it("sorts the units' good wishes by unit and time saved, filters them by unit name, pages them and exports what the list shows", async () => {
    const organiser = await caller(t, ORGANISER);
    const path = 'admin/wish/page';
    // saved one hour apart: the second enterprise first, the government last
    const saves = [ENTERPRISE2, MEDIA, ENTERPRISE, GOVERNMENT];
    for (const [hour, account] of saves.entries()) {
      time.set(`2027-06-02T0${hour + 1}:00:00.000Z`);
      const unit = await caller(t, account);
      expect((await unit.put('qms/wish/mine', { wishMessage: `祝福${hour}` })).status).toBe(200);
    }
    time.set('2027-06-01T04:00:00.000Z');
    type Wish = { id: string; unitName: string; updatedAt: string; document: { wishMessage?: string } };
    const asc = await allPages<Wish>(organiser, path, 'sort=unitName', 100);
    expect(asc.map((row) => row.unitName)).toEqual(['示例市商务局', '示例日报社', '示例第二企业有限公司', '示例跨国企业有限公司']);
    expect((await allPages<Wish>(organiser, path, 'sort=unitName', 1)).map((row) => row.id)).toEqual(asc.map((row) => row.id));
    const desc = await allPages<Wish>(organiser, path, 'sort=unitName&order=desc', 3);
    expect(desc.map((row) => row.id)).toEqual(asc.map((row) => row.id).reverse());
    const bySaved = await allPages<Wish>(organiser, path, 'sort=updatedAt', 3);
    expect(bySaved.map((row) => row.document.wishMessage)).toEqual(['祝福0', '祝福1', '祝福2', '祝福3']);
    // without a sort: last saved first
    expect((await allPages<Wish>(organiser, path, '', 3)).map((row) => row.id)).toEqual(bySaved.map((row) => row.id).reverse());
    const enterprises = await allPages<Wish>(organiser, path, `unitName=${encodeURIComponent('企业')}&sort=updatedAt&order=desc`, 1);
    expect(enterprises.map((row) => row.unitName)).toEqual(['示例跨国企业有限公司', '示例第二企业有限公司']);
    for (const query of ['sort=unitName&order=desc', `unitName=${encodeURIComponent('企业')}&sort=updatedAt`, ''])
      await listAndExport<Wish>(organiser, path, 'admin/console/export/wishes', query, (row) => row.unitName);
    expect((await organiser.get(`${path}?sort=wishMessage`)).status).toBe(400);
    expect((await download('admin/console/export/wishes?sort=wishMessage', ENTERPRISE)).statusCode).toBe(403);
  });

  it('sorts the hotels by name, filters them by name and exports what the list shows', async () => {
    const organiser = await caller(t, ORGANISER);
    const path = 'admin/console/hotel';
    for (const name of ['排序酒店丙', '排序酒店甲', '别的宾馆', '排序酒店乙'])
      expect((await organiser.post(path, { name, address: `${name}路1号` })).status).toBe(200);
    type Hotel = { id: string; name: string };
    const list = async (query: string) => (await organiser.get<Hotel[]>(`${path}?${query}`)).body.data;
    const NAME = encodeURIComponent('排序酒店');
    const asc = await list(`name=${NAME}&sort=name`);
    expect(asc.map((row) => row.name)).toEqual(['排序酒店丙', '排序酒店乙', '排序酒店甲']);
    expect((await list(`name=${NAME}&sort=name&order=desc`)).map((row) => row.id)).toEqual(asc.map((row) => row.id).reverse());
    expect((await list(`name=${encodeURIComponent('_')}`)).length).toBe(0);
    for (const query of [`name=${NAME}&sort=name&order=desc`, 'sort=name', `name=${encodeURIComponent('宾馆')}`]) {
      const shown = await list(query);
      const answer = await download(`admin/console/export/hotel-list?${query}`);
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
      expect(
        (await sheetRows(answer.rawPayload)).map((row) => row[0]),
        query,
      ).toEqual(shown.map((row) => row.name));
    }
    expect((await organiser.get(`${path}?sort=address`)).status).toBe(400);
    expect((await download('admin/console/export/hotel-list?sort=address', ENTERPRISE)).statusCode).toBe(403);
  });

  it('sorts the audit log by time, action and actor, with its filters, pages it and exports what the list shows', async () => {
    const organiser = await caller(t, ORGANISER);
    const path = 'admin/console/audit/page';
    // a day of its own, so the filter leaves the other tests' entries out
    const ids: string[] = [];
    for (const [minute, name] of ['审计酒店乙', '审计酒店甲', '审计酒店丙'].entries()) {
      time.set(`2027-07-01T0${3 - minute}:00:00.000Z`);
      ids.push((await organiser.post<{ id: string }>('admin/console/hotel', { name })).body.data.id);
    }
    time.set('2027-07-01T05:00:00.000Z');
    expect((await organiser.del(`admin/console/hotel/${ids[0]}`)).status).toBe(200);
    time.set('2027-06-01T04:00:00.000Z');
    type Entry = {
      id: string;
      at: string;
      action: string;
      actorAccount: string;
      actionLabel: string;
      targetLabel: string | null;
      targetTypeLabel: string;
    };
    const DAY = 'from=2027-07-01&to=2027-07-01';
    const byTime = await allPages<Entry>(organiser, path, `${DAY}&sort=at`, 1);
    expect(byTime.map((row) => row.targetLabel)).toEqual(['审计酒店丙', '审计酒店甲', '审计酒店乙', '审计酒店乙']);
    expect(byTime.map((row) => row.action)).toEqual(['hotel.create', 'hotel.create', 'hotel.create', 'hotel.delete']);
    // without a sort: newest first
    expect((await allPages<Entry>(organiser, path, DAY, 3)).map((row) => row.id)).toEqual(byTime.map((row) => row.id).reverse());
    const byAction = await allPages<Entry>(organiser, path, `${DAY}&sort=action&order=desc`, 3);
    expect(byAction.map((row) => row.action)).toEqual(['hotel.delete', 'hotel.create', 'hotel.create', 'hotel.create']);
    const created = byAction.slice(1).map((row) => row.id);
    expect(created).toEqual([...created].sort().reverse());
    // one actor: the id decides, both ways, pages of one the same as pages of three
    const byActor = await allPages<Entry>(organiser, path, `${DAY}&sort=actor`, 1);
    expect(byActor.map((row) => row.id)).toEqual(byActor.map((row) => row.id).sort());
    expect((await allPages<Entry>(organiser, path, `${DAY}&sort=actor&order=desc`, 3)).map((row) => row.id)).toEqual(
      byActor.map((row) => row.id).reverse(),
    );
    expect((await allPages<Entry>(organiser, path, `${DAY}&action=hotel.create&sort=at&order=desc`, 2)).length).toBe(3);
    for (const query of [`${DAY}&sort=at`, `${DAY}&sort=action&order=desc`, `${DAY}&action=hotel.create&sort=actor`]) {
      const shown = await allPages<Entry>(organiser, path, query, 2);
      const answer = await download(`admin/console/export/audit-log?${query}`);
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
      const rows = await sheetRows(answer.rawPayload);
      expect(
        rows.map((row) => [row[2], row[3]]),
        query,
      ).toEqual(
        shown.map((row) => [row.actionLabel, row.targetLabel ? `${row.targetTypeLabel}: ${row.targetLabel}` : row.targetTypeLabel]),
      );
    }
    expect((await organiser.get(`${path}?sort=reason`)).status).toBe(400);
    expect((await download('admin/console/export/audit-log?sort=reason', ENTERPRISE)).statusCode).toBe(403);
  });
});
