import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { NoticeItem, Page } from '../../src/shared/api-types.js';
import type { NoticePublicationItem } from '../../src/shared/console-api.js';
import { accountRow, caller, ENTERPRISE, ENTERPRISE2, GOVERNMENT, ORGANISER, STAFF } from './guests-harness.js';

describeEachDatabase('console: notices written and published by organisers', (kind) => {
  const t = useTestApp(kind);

  const unread = async (account: string) =>
    (await (await caller(t, account)).get<number>('qms/notice-announce/myUnReadNoticeCount')).body.data;
  const titles = async (account: string) =>
    (await (await caller(t, account)).get<Page<NoticeItem>>('qms/notice-announce/myNoticePage?pageSize=100')).body.data.records.map(
      (n) => n.title,
    );

  it('keeps a draft unseen, then publishes it to everyone: every unread count grows by one', async () => {
    const organiser = await caller(t, ORGANISER);
    const before = { ent: await unread(ENTERPRISE), staff: await unread(STAFF) };
    const draft = await organiser.post<NoticePublicationItem>('admin/console/notice', {
      title: '全体通知',
      content: '会议日程已更新',
      audiences: [],
      unitIds: [],
    });
    expect(draft.status).toBe(200);
    expect(draft.body.data).toMatchObject({ status: 'draft', publishedAt: null });
    expect(await unread(ENTERPRISE)).toBe(before.ent);

    const edited = await organiser.put<NoticePublicationItem>(`admin/console/notice/${draft.body.data.id}`, {
      title: '全体通知（修订）',
      content: '会议日程已更新',
      audiences: [],
      unitIds: [],
    });
    expect(edited.body.data.title).toBe('全体通知（修订）');
    const published = await organiser.post<NoticePublicationItem>(`admin/console/notice/${draft.body.data.id}/publish`);
    expect(published.body.data).toMatchObject({ status: 'published' });
    expect(await unread(ENTERPRISE)).toBe(before.ent + 1);
    expect(await unread(STAFF)).toBe(before.staff + 1);
    expect(await titles(ENTERPRISE)).toContain('全体通知（修订）');

    // published notices are not rewritten nor deleted behind the readers' back
    expect(
      (await organiser.put(`admin/console/notice/${draft.body.data.id}`, { title: 'x', content: 'y', audiences: [], unitIds: [] })).status,
    ).toBe(409);
    expect((await organiser.post(`admin/console/notice/${draft.body.data.id}/publish`)).status).toBe(409);
    expect((await organiser.del(`admin/console/notice/${draft.body.data.id}`)).status).toBe(409);

    const list = (await organiser.get<Page<NoticePublicationItem>>('admin/console/notice/page')).body.data;
    expect(list.records[0]).toMatchObject({ id: draft.body.data.id, readCount: 0 });
  });

  it('reaches only the chosen account types and units, each account once', async () => {
    const organiser = await caller(t, ORGANISER);
    const unitId = (await accountRow(t, ENTERPRISE)).unit_id!;
    const publish = async (title: string, audiences: string[], unitIds: string[]) => {
      const draft = await organiser.post<NoticePublicationItem>('admin/console/notice', { title, content: '内容', audiences, unitIds });
      expect(draft.status).toBe(200);
      expect((await organiser.post(`admin/console/notice/${draft.body.data.id}/publish`)).status).toBe(200);
    };
    const ent = await unread(ENTERPRISE);
    const ent2 = await unread(ENTERPRISE2);
    const gov = await unread(GOVERNMENT);
    await publish('政府与企业', ['enterprise', 'government'], []);
    await publish('一家单位', [], [unitId]);
    await publish('一家单位的企业账号', ['enterprise', 'media'], [unitId]);
    expect(await unread(ENTERPRISE)).toBe(ent + 3);
    expect(await unread(ENTERPRISE2)).toBe(ent2 + 1);
    expect(await unread(GOVERNMENT)).toBe(gov + 1);
    expect(await titles(STAFF)).not.toContain('政府与企业');
    expect((await titles(ENTERPRISE)).filter((title) => title === '一家单位的企业账号')).toHaveLength(1);

    const page = (await (await caller(t, ENTERPRISE)).get<Page<NoticeItem>>('qms/notice-announce/myNoticePage?pageSize=100')).body.data;
    const read = page.records.find((n) => n.title === '一家单位')!;
    await (await caller(t, ENTERPRISE)).post(`qms/notice-announce/readNotice?id=${read.id}`);
    expect(await unread(ENTERPRISE)).toBe(ent + 2);
    const list = (await organiser.get<Page<NoticePublicationItem>>('admin/console/notice/page?pageSize=100')).body.data;
    expect(list.records.find((n) => n.title === '一家单位')).toMatchObject({ readCount: 1, unitIds: [unitId], audiences: [] });
  });

  it("answers a draft's units by name, so the draft can be opened for editing with its units", async () => {
    const organiser = await caller(t, ORGANISER);
    const unitId = (await accountRow(t, ENTERPRISE)).unit_id!;
    const unitName = (await t.app.db.selectFrom('units').select('name').where('id', '=', unitId).executeTakeFirstOrThrow()).name;
    const draft = await organiser.post<NoticePublicationItem>('admin/console/notice', {
      title: '单位草稿',
      content: '内容',
      audiences: ['enterprise'],
      unitIds: [unitId],
    });
    expect(draft.body.data.units).toEqual([{ id: unitId, name: unitName, unitType: expect.any(String) }]);
    const list = (await organiser.get<Page<NoticePublicationItem>>('admin/console/notice/page?pageSize=100')).body.data;
    expect(list.records.find((item) => item.id === draft.body.data.id)?.units).toEqual([
      { id: unitId, name: unitName, unitType: expect.any(String) },
    ]);
    const changed = await organiser.put<NoticePublicationItem>(`admin/console/notice/${draft.body.data.id}`, {
      title: '单位草稿（改）',
      content: '内容',
      audiences: [],
      unitIds: [],
    });
    expect(changed.body.data).toMatchObject({ title: '单位草稿（改）', unitIds: [], units: [], status: 'draft' });
  });

  it('deletes drafts; refuses unknown units and notices (404), bad bodies (400), non-organisers (403)', async () => {
    const organiser = await caller(t, ORGANISER);
    const draft = await organiser.post<NoticePublicationItem>('admin/console/notice', {
      title: '草稿',
      content: '内容',
      audiences: ['staff'],
      unitIds: [],
    });
    expect((await organiser.del(`admin/console/notice/${draft.body.data.id}`)).status).toBe(200);
    expect((await organiser.post(`admin/console/notice/${draft.body.data.id}/publish`)).status).toBe(404);
    expect(
      (await organiser.post('admin/console/notice', { title: 't', content: 'c', audiences: [], unitIds: ['no-such-unit'] })).status,
    ).toBe(404);
    expect((await organiser.post('admin/console/notice', { title: '', content: 'c', audiences: [], unitIds: [] })).status).toBe(400);
    expect((await organiser.post('admin/console/notice', { title: 't', content: 'c', audiences: ['nobody'], unitIds: [] })).status).toBe(
      400,
    );
    for (const account of [ENTERPRISE, STAFF]) {
      const c = await caller(t, account);
      expect((await c.get('admin/console/notice/page')).status).toBe(403);
      expect((await c.post('admin/console/notice', { title: 't', content: 'c', audiences: [], unitIds: [] })).status).toBe(403);
      expect((await c.post(`admin/console/notice/${draft.body.data.id}/publish`)).status).toBe(403);
    }
  });
});
