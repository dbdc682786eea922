import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import type { NoticeItem, Page } from '../../src/shared/api-types.js';
import { bearer, tokenFor, useTestApp } from './helpers/test-app.js';

describeEachDatabase('notices', (kind) => {
  const t = useTestApp(kind);

  it('counts unread notices, pages them and marks them read', async () => {
    const token = await tokenFor(t);
    const count = await t.call<number>({
      method: 'GET',
      url: '/exhibition/qms/notice-announce/myUnReadNoticeCount',
      headers: bearer(token),
    });
    expect(count.body.data).toBeGreaterThanOrEqual(1);

    const page = await t.call<Page<NoticeItem>>({
      method: 'GET',
      url: '/exhibition/qms/notice-announce/myNoticePage?pageNum=1&pageSize=2',
      headers: bearer(token),
    });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
    expect(page.body.data.records).toHaveLength(2);
    const second = await t.call<Page<NoticeItem>>({
      method: 'GET',
      url: '/exhibition/qms/notice-announce/myNoticePage?pageNum=2&pageSize=2',
      headers: bearer(token),
    });
    expect(second.body.data.records).toHaveLength(1);

    const unread = page.body.data.records.find((n) => !n.read)!;
    const read = await t.call({
      method: 'POST',
      url: `/exhibition/qms/notice-announce/readNotice?id=${unread.id}`,
      headers: bearer(token),
    });
    expect(read.status).toBe(200);
    const twice = await t.call({
      method: 'POST',
      url: `/exhibition/qms/notice-announce/readNotice?id=${unread.id}`,
      headers: bearer(token),
    });
    expect(twice.status).toBe(200);
    const after = await t.call<number>({
      method: 'GET',
      url: '/exhibition/qms/notice-announce/myUnReadNoticeCount',
      headers: bearer(token),
    });
    expect(after.body.data).toBe(count.body.data - 1);
  });

  it('uses defaults without a query and validates the query', async () => {
    const token = await tokenFor(t);
    const plain = await t.call<Page<NoticeItem>>({
      method: 'GET',
      url: '/exhibition/qms/notice-announce/myNoticePage',
      headers: bearer(token),
    });
    expect(plain.body.data.pageSize).toBe(10);
    const bad = await t.call({
      method: 'GET',
      url: '/exhibition/qms/notice-announce/myNoticePage?pageNum=0&pageSize=1000',
      headers: bearer(token),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.map((f) => f.pointer).sort()).toEqual(['/pageNum', '/pageSize']);
    const noId = await t.call({ method: 'POST', url: '/exhibition/qms/notice-announce/readNotice', headers: bearer(token) });
    expect(noId.status).toBe(400);
    const unknown = await t.call({
      method: 'POST',
      url: '/exhibition/qms/notice-announce/readNotice?id=nope',
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('The notice does not exist');
  });

  it('hides notices meant for another account type', async () => {
    const token = await tokenFor(t, 'media@demo.example.com');
    const page = await t.call<Page<NoticeItem>>({
      method: 'GET',
      url: '/exhibition/qms/notice-announce/myNoticePage',
      headers: bearer(token),
    });
    expect(page.body.data.total).toBe(2);
  });

  it('needs a signed-in caller', async () => {
    const none = await t.call({ method: 'GET', url: '/exhibition/qms/notice-announce/myUnReadNoticeCount' });
    expect(none.status).toBe(401);
  });
});
