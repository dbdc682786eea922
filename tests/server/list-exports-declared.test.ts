/**
 * The exports of the declared lists that had none: the messages sent and one message's
 * deliveries, receptionists, temporary codes and recommendations (organisers'), the unit's
 * activity tab (units'), and the notices an account received (its own). Each holds exactly the
 * rows its list shows for a filter and an order, masks what the list masks, is an audit entry
 * (who, which list, its filter, how many rows), and is 403 to the accounts that do not read the
 * list. Both databases.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { listExports, sheetRows, workbookRows } from './helpers/list-pages.js';
import type { Page } from '../../src/shared/api-types.js';
import { addGuest, caller, ENTERPRISE, ENTERPRISE2, movableClock, ORGANISER, publishNoticesHourly, STAFF } from './guests-harness.js';
import { recommend } from './temporary-harness.js';
import { createActivity } from './activities-harness.js';

type AuditItem = { actorAccount: string; action: string; targetId: string; after: unknown };

describeEachDatabase('exports of every declared list', (kind) => {
  const time = movableClock('2027-06-01T04:00:00.000Z');
  const t = useTestApp(kind, { MESSAGE_WORKER: '0' }, { clock: time.clock });
  const { download, listBesideExport } = listExports(t);

  /** The audit entries of one list's downloads. */
  async function exportsOf(fileKey: string): Promise<AuditItem[]> {
    const organiser = await caller(t, ORGANISER);
    const page = await organiser.get<Page<AuditItem>>('admin/console/audit/page?action=list.export&pageSize=100');
    return page.body.data.records.filter((entry) => entry.targetId === fileKey);
  }

  const afterOf = (filter: Record<string, string>, rows: number) => JSON.stringify({ filter, rows });

  it("exports the messages sent and one message's deliveries as their lists show them, addresses masked, audited, organisers only", async () => {
    const organiser = await caller(t, ORGANISER);
    const unit = await caller(t, ENTERPRISE);
    const guests = [];
    for (const [i, nameZh] of ['导出收件甲', '导出收件乙', '导出收件丙'].entries())
      guests.push(await addGuest(unit, t, ENTERPRISE, 960 + i, { nameZh, email: `export${i}@example.com` }));
    const ids: string[] = [];
    for (const [i, channels] of [['email'], ['email', 'sms'], ['email']].entries()) {
      time.set(`2027-06-01T0${5 + i}:00:00.000Z`);
      const sent = await organiser.post<{ id: string }>('admin/console/message', {
        channels,
        subjectZh: `导出消息${i}`,
        subjectEn: `Export message ${i}`,
        bodyZh: '尊敬的{name}',
        bodyEn: 'Dear {name}',
        guestIds: guests.slice(0, i + 1).map((guest) => guest.id),
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      ids.push(sent.body.data.id);
    }
    await t.app.services.messages.worker.drain();

    type Message = { id: string; subjectZh: string; subjectEn: string };
    for (const query of ['', 'sort=kind', 'sort=recipients&order=desc', 'sort=createdAt', 'sort=createdAt&order=desc']) {
      const { shown, sheet } = await listBesideExport<Message>(
        organiser,
        ORGANISER,
        'admin/console/message/page',
        'admin/console/export/messages',
        query,
      );
      expect(
        sheet.map((row) => row[0]),
        query,
      ).toEqual(shown.map((row) => `${row.subjectZh} / ${row.subjectEn}`));
    }
    // the headers are the list's own, translated (English here)
    const headers = (await workbookRows((await download('admin/console/export/messages')).rawPayload))[0];
    expect(headers).toEqual(['Subject', 'Kind', 'Send by', 'Recipients', 'Delivery state', 'Written at']);

    type Delivery = { id: string; name: string; address: string; channel: string };
    const third = ids[1]!; // two guests by e-mail and SMS
    for (const query of ['', 'sort=channel', 'sort=channel&order=desc', 'state=pending&sort=attempts', 'sort=sentAt']) {
      const { shown, sheet } = await listBesideExport<Delivery>(
        organiser,
        ORGANISER,
        `admin/console/message/${third}/recipients`,
        `admin/console/export/message/${third}/recipients`,
        query,
      );
      expect(
        sheet.map((row) => [row[0], row[3]]),
        query,
      ).toEqual(shown.map((row) => [row.name, row.address]));
    }
    const all = await sheetRows((await download(`admin/console/export/message/${third}/recipients`)).rawPayload);
    expect(all.length).toBeGreaterThanOrEqual(2);
    // the addresses as the list shows them: masked, never in clear
    const cells = all.flat().join('\n');
    expect(cells).not.toContain('export0@example.com');
    expect(cells).not.toContain('export1@example.com');

    expect((await exportsOf('console.export.files.messages')).some((entry) => entry.actorAccount === ORGANISER)).toBe(true);
    const deliveries = await exportsOf('console.export.files.messageDeliveries');
    expect(
      deliveries.some((entry) => JSON.stringify(entry.after) === afterOf({ id: third, sort: 'channel', order: 'desc' }, all.length)),
      JSON.stringify(deliveries),
    ).toBe(true);

    // units and staff read no messages: 403 before the query is read; an organiser's bad query is 400, an unknown message 404
    for (const account of [ENTERPRISE, STAFF]) {
      expect((await download('admin/console/export/messages?sort=bogus', account)).statusCode).toBe(403);
      expect((await download(`admin/console/export/message/${third}/recipients`, account)).statusCode).toBe(403);
    }
    expect((await download('admin/console/export/messages?sort=bogus')).statusCode).toBe(400);
    expect((await download('admin/console/export/message/00000000-0000-4000-8000-000000000000/recipients')).statusCode).toBe(404);
  });

  it("exports the unit's activity tab as it shows it (its tab, name filter and order), audited, units only", async () => {
    const organiser = await caller(t, ORGANISER);
    for (const [name, startTime] of [
      ['导出活动乙', '2027-06-18T09:00:00+08:00'],
      ['导出活动甲', '2027-06-19T09:00:00+08:00'],
      ['导出活动丙', '2027-06-17T09:00:00+08:00'],
    ] as const)
      await createActivity(organiser, { name, startTime, endTime: startTime.replace('09:00', '11:00'), memberLimit: 10 });
    await createActivity(organiser, { name: '导出活动外', category: 'city' });
    const unit = await caller(t, ENTERPRISE);
    type Activity = { id: string; document: { name: string } };
    const NAME = encodeURIComponent('导出活动');
    for (const query of [
      `category=committee&name=${NAME}`,
      `category=committee&name=${NAME}&sort=name`,
      `category=committee&name=${NAME}&sort=startTime&order=desc`,
      `category=city&name=${NAME}`,
    ]) {
      const { shown, sheet } = await listBesideExport<Activity>(unit, ENTERPRISE, 'qms/activity/page', 'qms/export/activities', query);
      expect(shown.length, query).toBeGreaterThan(0);
      expect(
        sheet.map((row) => row[0]),
        query,
      ).toEqual(shown.map((row) => row.document.name));
    }
    const sheet = await sheetRows(
      (await download(`qms/export/activities?category=committee&name=${NAME}&sort=name`, ENTERPRISE)).rawPayload,
    );
    // the places and the state as the list's cells read them
    expect(sheet[0]![3]).toBe('0 / 10 signed up, 0 waiting');
    expect(sheet[0]![4]).not.toBe('');
    const audited = await exportsOf('console.export.files.unitActivities');
    expect(
      audited.some(
        (entry) =>
          entry.actorAccount === ENTERPRISE &&
          JSON.stringify(entry.after) === afterOf({ category: 'committee', name: '导出活动', sort: 'name' }, 3),
      ),
      JSON.stringify(audited),
    ).toBe(true);
    expect((await download(`qms/export/activities?name=${NAME}`, ORGANISER)).statusCode).toBe(403);
    expect((await download('qms/export/activities?sort=bogus', STAFF)).statusCode).toBe(403);
    expect((await download('qms/export/activities?sort=bogus', ENTERPRISE)).statusCode).toBe(400);
  });

  it('exports the notices an account received as its list shows them, newest first, audited; anonymous 401', async () => {
    const organiser = await caller(t, ORGANISER);
    await publishNoticesHourly(organiser, time, ['导出通知一', '导出通知二', '导出通知三']);
    time.set('2027-06-02T06:00:00.000Z');
    for (const account of [ENTERPRISE, ENTERPRISE2, STAFF]) {
      const reader = await caller(t, account);
      type Notice = { id: string; title: string; read: boolean };
      const { shown, sheet } = await listBesideExport<Notice>(
        reader,
        account,
        'qms/notice-announce/myNoticePage',
        'qms/export/notices',
        '',
      );
      expect(shown.map((row) => row.title).slice(0, 3)).toEqual(['导出通知三', '导出通知二', '导出通知一']);
      expect(sheet.map((row) => row[0])).toEqual(shown.map((row) => row.title));
      expect(sheet.map((row) => row[2])).toEqual(shown.map((row) => (row.read ? 'Read' : 'Unread')));
    }
    const audited = await exportsOf('console.export.files.myNotices');
    expect(new Set(audited.map((entry) => entry.actorAccount))).toEqual(new Set([ENTERPRISE, ENTERPRISE2, STAFF]));
    expect((await t.app.inject({ method: 'GET', url: '/exhibition/qms/export/notices' })).statusCode).toBe(401);
    expect((await download('qms/export/notices?pageNum=x', ENTERPRISE)).statusCode).toBe(400);
  });

  it('exports the receptionists, temporary codes and recommendations as their lists show them, mobiles masked, audited, organisers only', async () => {
    const organiser = await caller(t, ORGANISER);
    for (const [name, mobile] of [
      ['乙导出接待', '13912345681'],
      ['甲导出接待', '13912345682'],
    ] as const)
      expect((await organiser.post('admin/console/receptionist', { name, mobile })).status).toBe(200);
    type Receptionist = { name: string; mobile: string };
    const receptionists = (await organiser.get<Receptionist[]>('admin/console/receptionist')).body.data;
    const sheet = await sheetRows((await download('admin/console/export/receptionists')).rawPayload);
    expect(sheet.map((row) => [row[0], row[1]])).toEqual(receptionists.map((row) => [row.name, row.mobile]));
    expect(sheet.flat().join('\n')).not.toContain('13912345681');
    expect(sheet.some((row) => row[1]!.startsWith('139') && row[1]!.includes('*'))).toBe(true);

    for (const code of ['EXPORTA', 'EXPORTB'])
      expect(
        (await organiser.post('admin/temporary/codes', { code, registrationType: 'volunteer', eventName: `活动${code}` })).status,
      ).toBe(200);
    type Code = { code: string; used: number };
    const codes = (await organiser.get<Code[]>('admin/temporary/codes')).body.data;
    const codeSheet = await sheetRows((await download('admin/temporary/export/codes')).rawPayload);
    expect(codeSheet.map((row) => row[0])).toEqual(codes.map((row) => row.code));
    expect(codeSheet.find((row) => row[0] === 'EXPORTA')).toEqual(['EXPORTA', '活动EXPORTA', 'Not set', expect.any(String), '0']);

    for (const [i, recommenderName] of ['推荐人甲', '推荐人乙', '推荐人丙'].entries()) {
      time.set(`2027-06-03T0${1 + i}:00:00.000Z`);
      await recommend(t, {
        recommenderName,
        recommenderMobile: `1391234569${i}`,
        inviteeName: ['John Smith', 'Anna Berg', 'Han Meimei'][i],
        inviteeMobile: `1381234569${i}`,
      });
    }
    type Recommendation = { id: string; document: { recommenderName: string; recommenderMobile: string; inviteeMobile?: string } };
    const { shown, sheet: recommendations } = await listBesideExport<Recommendation>(
      organiser,
      ORGANISER,
      'admin/temporary/recommendations',
      'admin/temporary/export/recommendations',
      '',
    );
    expect(recommendations.map((row) => row[0]!.split(' · ')[0])).toEqual(shown.map((row) => row.document.recommenderName));
    expect(recommendations.map((row) => [row[1], row[3]])).toEqual(
      shown.map((row) => [row.document.recommenderMobile, row.document.inviteeMobile ?? '']),
    );
    const cells = recommendations.flat().join('\n');
    for (const i of [0, 1, 2]) {
      expect(cells).not.toContain(`1391234569${i}`);
      expect(cells).not.toContain(`1381234569${i}`);
    }

    for (const key of ['receptionists', 'temporaryCodes', 'temporaryRecommendations'])
      expect(
        (await exportsOf(`console.export.files.${key}`)).some((entry) => entry.actorAccount === ORGANISER),
        key,
      ).toBe(true);
    expect(
      (await exportsOf('console.export.files.receptionists')).some(
        (entry) => JSON.stringify(entry.after) === afterOf({}, receptionists.length),
      ),
    ).toBe(true);
    for (const path of ['admin/console/export/receptionists', 'admin/temporary/export/codes', 'admin/temporary/export/recommendations'])
      for (const account of [ENTERPRISE, STAFF])
        expect((await download(`${path}?pageNum=x`, account)).statusCode, `${path} ${account}`).toBe(403);
  });
});
