import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, tokenFor, useTestApp } from './helpers/test-app.js';
import type { NoticeItem, Page } from '../../src/shared/api-types.js';
import { addGuest, caller, ENTERPRISE, movableClock, openRegistrationWindow, ORGANISER } from './guests-harness.js';
import { approvedGuest, createActivity, signUp } from './activities-harness.js';

describeEachDatabase("notices the portal writes itself are read in the reader's language", (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock('2027-06-01T04:00:00.000Z').clock });
  beforeAll(async () => openRegistrationWindow(t));

  const noticesIn = async (language: string): Promise<NoticeItem[]> => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/exhibition/qms/notice-announce/myNoticePage?pageSize=100',
      headers: { ...bearer(await tokenFor(t, ENTERPRISE)), 'accept-language': language },
    });
    return (response.json() as { data: Page<NoticeItem> }).data.records;
  };

  it('gives the review result and a place freed on an activity in English and in Chinese', async () => {
    const unit = await caller(t, ENTERPRISE);
    const organiser = await caller(t, ORGANISER);
    const guest = await addGuest(unit, t, ENTERPRISE, 640, { nameZh: '周语言' });
    await organiser.post('admin/review/decide', { ids: [guest.id], decision: 'reject', reason: '资料不全' });

    const activity = await createActivity(organiser, { name: '语言论坛', memberLimit: 1 });
    const first = await signUp(unit, activity.id, await approvedGuest(unit, t, ENTERPRISE, 641, 'INVITE2025A'));
    expect((await signUp(unit, activity.id, await approvedGuest(unit, t, ENTERPRISE, 642, 'INVITE2025A'))).body.data.status).toBe(
      'waiting',
    );
    expect((await unit.del(`qms/activity/sign-up/${first.body.data.id}`)).status).toBe(200);

    const en = await noticesIn('en');
    expect(en).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Guest review result', content: 'Guest 周语言 was not approved. Reason: 资料不全' }),
        expect.objectContaining({ title: 'Activity place confirmed', content: expect.stringContaining('"语言论坛"') }),
      ]),
    );
    expect(en.map((notice) => notice.title)).not.toContain('嘉宾审核结果');
    expect(en.map((notice) => notice.title)).not.toContain('活动报名已确认');
    const zh = await noticesIn('zh-CN');
    expect(zh).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: '嘉宾审核结果', content: '嘉宾 周语言 审核未通过，原因：资料不全' }),
        expect.objectContaining({ title: '活动报名已确认', content: expect.stringContaining('语言论坛') }),
      ]),
    );
  });
});
