import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { bearer, useTestApp } from './helpers/test-app.js';
import type { AdminActivityDetail, SignUpItem } from '../../src/shared/activity-api.js';
import { caller, ENTERPRISE, ENTERPRISE2, movableClock, ORGANISER } from './guests-harness.js';
import { approvedGuest, createActivity, signUp } from './activities-harness.js';

describeEachDatabase('activities: member limit under concurrent requests, roster export', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock('2027-06-01T04:00:00.000Z').clock });

  it('never exceeds the member limit when 20 sign-ups arrive at once, and promotes exactly one on concurrent cancels', async () => {
    const organiser = await caller(t, ORGANISER);
    const activity = await createActivity(organiser, { name: '并发测试', memberLimit: 1 });
    const c = await caller(t, ENTERPRISE);
    const guests: string[] = [];
    for (let i = 0; i < 20; i += 1) guests.push(await approvedGuest(c, t, ENTERPRISE, 100 + i, 'INVITE2025A'));

    const results = await Promise.all(guests.map((guest) => signUp(c, activity.id, guest)));
    expect(results.map((r) => r.status)).toEqual(guests.map(() => 200));
    const statuses = results.map((r) => r.body.data.status);
    expect(statuses.filter((s) => s === 'signed-up')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'waiting')).toHaveLength(19);
    // waiting places are 1..19, each once
    expect(
      results
        .map((r) => r.body.data.waitingPosition)
        .filter((p) => p !== null)
        .sort((a, b) => a! - b!),
    ).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));

    const before = (await organiser.get<AdminActivityDetail>(`admin/activity/${activity.id}`)).body.data;
    const [signed] = before.signedUp;
    const [firstWaiting, secondWaiting, thirdWaiting] = before.waiting;
    // the signed-up person and the first waiting one cancel at the same time: one place, two candidates gone
    const cancels = await Promise.all([
      c.del(`qms/activity/sign-up/${signed!.id}`),
      c.del(`qms/activity/sign-up/${firstWaiting!.id}`),
      c.del(`qms/activity/sign-up/${signed!.id}`),
    ]);
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 200, 404]);
    const after = (await organiser.get<AdminActivityDetail>(`admin/activity/${activity.id}`)).body.data;
    expect(after.signedUp.map((s) => s.id)).toEqual([secondWaiting!.id]);
    expect(after.waiting[0]!.id).toBe(thirdWaiting!.id);
    expect(after.waiting.map((s) => s.waitingPosition)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    expect(after).toMatchObject({ signedUpCount: 1, waitingCount: 17 });
  });

  it('refuses the same guest signed up twice at once (one sign-up stored)', async () => {
    const organiser = await caller(t, ORGANISER);
    const activity = await createActivity(organiser, { name: '重复测试' });
    const c = await caller(t, ENTERPRISE);
    const guest = await approvedGuest(c, t, ENTERPRISE, 200, 'INVITE2025A');
    const results = await Promise.all(Array.from({ length: 5 }, () => signUp(c, activity.id, guest)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('exports the roster and the waiting list as Excel workbooks (the audited list exports), organisers only', async () => {
    const organiser = await caller(t, ORGANISER);
    const activity = await createActivity(organiser, { name: '导出测试', memberLimit: 1 });
    const first = await caller(t, ENTERPRISE);
    const second = await caller(t, ENTERPRISE2);
    await signUp(first, activity.id, await approvedGuest(first, t, ENTERPRISE, 300, 'INVITE2025A'), { seatNumber: 'A-1', remarks: '素食' });
    const waiting = await signUp(second, activity.id, await approvedGuest(second, t, ENTERPRISE2, 301, 'ENT2-GUEST'));
    expect((waiting.body.data as SignUpItem).status).toBe('waiting');

    const url = (list: string) => `/exhibition/admin/activity/export/${list}?id=${activity.id}`;
    expect((await t.app.inject({ method: 'GET', url: url('signed-up'), headers: bearer(first.token) })).statusCode).toBe(403);
    const sheetOf = async (list: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: url(list),
        headers: { ...bearer(organiser.token), 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      return book.worksheets[0]!;
    };
    const signedSheet = await sheetOf('signed-up');
    const waitingSheet = await sheetOf('waiting');
    expect([signedSheet.name, waitingSheet.name]).toEqual(['Signed up', 'Waiting list']);
    const rows = (sheet: ExcelJS.Worksheet) =>
      sheet
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1));
    expect(rows(signedSheet!)[0]).toEqual([
      'Waiting place',
      'Name',
      'Guest / entourage',
      'Unit',
      'Speaker',
      'Seat number',
      'Remarks',
      'Signed up at',
    ]);
    expect(rows(signedSheet!)).toHaveLength(2);
    expect(rows(signedSheet!)[1]!.slice(1, 7)).toEqual(['张三', 'Guest', '示例跨国企业有限公司', 'No', 'A-1', '素食']);
    expect(rows(waitingSheet!)).toHaveLength(2);
    expect(rows(waitingSheet!)[1]!.slice(0, 4)).toEqual([1, '张三', 'Guest', '示例第二企业有限公司']);
  });
});
