import { expect, it } from 'vitest';
import type { AuditLogItem } from '../../src/shared/console-api.js';
import type { Page } from '../../src/shared/api-types.js';
import { auditActions } from '../../src/shared/audit-actions.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import {
  accountRow,
  addGuest,
  caller,
  ENTERPRISE,
  itineraryBody,
  memberBody,
  movableClock,
  ORGANISER,
  residentId,
  setEdition,
  shanghaiDayFromToday,
  uploadedFile,
  type Caller,
} from './guests-harness.js';
import { activityBody, createActivity } from './activities-harness.js';
import { upload, workbook } from './content-harness.js';
import { register, registrationBody, uploadedPicture } from './temporary-harness.js';
import { archives } from './uploads-fixtures.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Every organiser write: its audit action, done once through the routes. */
async function everyOrganiserWrite(t: Parameters<typeof addGuest>[1], organiser: Caller): Promise<string[]> {
  const ok = async (response: Promise<{ status: number; body: unknown }>, what: string) => {
    const answer = await response;
    if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { data: { id: string } & Record<string, unknown> };
  };
  const ent = await caller(t, ENTERPRISE);
  const approved = await addGuest(ent, t, ENTERPRISE, 801, { nameZh: '赵日志', inviteCode: 'INVITE2025A' });
  await ok(ent.put(`qms/guest/${approved.id}/itinerary`, itineraryBody), 'itinerary');
  const member = (
    await ok(ent.post(`qms/guest/${approved.id}/entourage`, memberBody(residentId(802), await uploadedFile(t, ENTERPRISE))), 'member')
  ).data;
  const pendingA = await addGuest(ent, t, ENTERPRISE, 803, { nameZh: '钱日志' });
  const pendingB = await addGuest(ent, t, ENTERPRISE, 804, { nameZh: '孙日志' });

  const activity = await createActivity(organiser, { name: '日志论坛' });
  await ok(organiser.put(`admin/activity/${activity.id}`, activityBody({ name: '日志论坛', place: '新会场' })), 'activity update');
  await ok(organiser.post(`admin/activity/${activity.id}/close`), 'activity close');
  const invited = await createActivity(organiser, { name: '邀请晚宴', category: 'invited' }, false);
  await ok(organiser.put(`admin/activity/${invited.id}/assignments`, { guestIds: [approved.id] }), 'assign');

  const unitId = (await accountRow(t, ENTERPRISE)).unit_id!;
  const codes = (
    await ok(
      organiser.post('admin/console/invitation-code/batch', {
        count: 1,
        companyId: unitId,
        guestType: 'vip',
        reviewRequired: true,
        expiresOn: shanghaiDayFromToday(30),
      }),
      'codes',
    )
  ).data as unknown as string[];
  await ok(organiser.post(`admin/console/invitation-code/${codes[0]}/revoke`), 'revoke');

  const notice = (
    await ok(
      organiser.post('admin/console/notice', { title: '日志通知', content: '正文', audiences: ['enterprise'], unitIds: [unitId] }),
      'notice',
    )
  ).data;
  await ok(
    organiser.put(`admin/console/notice/${notice.id}`, {
      title: '日志通知二',
      content: '正文',
      audiences: ['enterprise'],
      unitIds: [unitId],
    }),
    'notice update',
  );
  const second = (
    await ok(organiser.post('admin/console/notice', { title: '待删通知', content: '正文', audiences: [], unitIds: [] }), 'notice 2')
  ).data;
  await ok(organiser.del(`admin/console/notice/${second.id}`), 'notice delete');
  await ok(organiser.post(`admin/console/notice/${notice.id}/publish`), 'notice publish');

  const hotel = (await ok(organiser.post('admin/console/hotel', { name: '日志酒店', address: '青岛' }), 'hotel')).data;
  await ok(organiser.put(`admin/console/hotel/${hotel.id}`, { name: '日志大酒店', address: '青岛' }), 'hotel update');
  const person = (
    await ok(organiser.post('admin/console/receptionist', { name: '周接待', mobile: '13900000011', hotelId: hotel.id }), 'receptionist')
  ).data;
  await ok(
    organiser.put(`admin/console/receptionist/${person.id}`, { name: '吴接待', mobile: '13900000011', hotelId: hotel.id }),
    'receptionist update',
  );
  await ok(organiser.del(`admin/console/receptionist/${person.id}`), 'receptionist delete');
  const spare = (await ok(organiser.post('admin/console/hotel', { name: '待删酒店' }), 'hotel 2')).data;
  await ok(organiser.del(`admin/console/hotel/${spare.id}`), 'hotel delete');

  await ok(organiser.post('admin/review/decide', { ids: [pendingA.id], decision: 'approve' }), 'approve');
  await ok(organiser.post('admin/review/decide', { ids: [pendingB.id], decision: 'reject', reason: '材料不全' }), 'reject');
  const point = { hotels: [{ place: '日志大酒店', receptionistName: '周接待', receptionistPhone: '13900000011' }] };
  await ok(organiser.put(`admin/guest/${approved.id}/reception`, point), 'reception');
  await ok(organiser.put(`admin/guest/${approved.id}/entourage/${member.id}/reception`, point), 'entourage reception');
  await setEdition(organiser, { registrationEnd: '2999-12-30' });

  for (const [kind, doc, header, row] of [
    [
      'historical-guest',
      { session: 3, nameZh: '李历届', unitName: '历届集团' },
      ['session', 'nameZh', 'unitName'],
      [2, '王导入', '导入公司'],
    ],
    [
      'investment-project',
      { area: '青岛', industry: '新能源', name: '储能基地' },
      ['area', 'industry', 'name'],
      ['青岛', '制造', '导入项目'],
    ],
  ] as const) {
    const record = (await ok(organiser.post(`admin/${kind}`, doc), kind)).data;
    await ok(organiser.put(`admin/${kind}/${record.id}`, doc), `${kind} save`);
    await ok(organiser.del(`admin/${kind}/${record.id}`), `${kind} delete`);
    const file = await upload(t, organiser, 'importWorkbook', 'import.xlsx', await workbook([...header], [[...row]]));
    await ok(organiser.post(`admin/${kind}/import`, { file }), `${kind} import`);
  }
  const pdf = await upload(t, organiser, 'downloadFile', 'agenda.pdf', archives.pdf(), 'application/pdf');
  const download = (await ok(organiser.post('admin/download', { title: '日程', category: 'agenda', file: pdf }), 'download')).data;
  await ok(organiser.put(`admin/download/${download.id}`, { title: '日程表', category: 'agenda', file: pdf }), 'download save');
  await ok(organiser.del(`admin/download/${download.id}`), 'download delete');

  const first = await register(t, registrationBody(await uploadedPicture(t, 91), { mobile: '13600000021' }));
  const other = await register(t, registrationBody(await uploadedPicture(t, 92), { mobile: '13600000022', name: 'Wang Tao' }));
  await ok(organiser.post('admin/temporary/decide', { ids: [first.body.data.id], decision: 'approve' }), 'temporary approve');
  const badge = await t.app.inject({
    method: 'GET',
    url: `/exhibition/admin/console/door/badge/temporary?ids=${first.body.data.id}`,
    headers: { authorization: `Bearer ${organiser.token}` },
  });
  if (badge.statusCode !== 200) throw new Error(`temporary badge: ${badge.statusCode} ${badge.body}`);
  const guestBadge = await t.app.inject({
    method: 'GET',
    url: `/exhibition/qms/badge/guest/${approved.id}`,
    headers: { authorization: `Bearer ${ent.token}` },
  });
  if (guestBadge.statusCode !== 200) throw new Error(`guest badge: ${guestBadge.statusCode} ${guestBadge.body}`);
  const badges = await t.app.db
    .withTables<{ badges: { id: string; guest_id: string | null; member_id: string | null; temporary_id: string | null } }>()
    .selectFrom('badges')
    .select(['id', 'guest_id', 'member_id', 'temporary_id'])
    .execute();
  const scanned = badges.filter(
    (row) => (row.guest_id === approved.id && row.member_id === null) || row.temporary_id === first.body.data.id,
  );
  expect(scanned).toHaveLength(2);
  for (const row of scanned) {
    const token = t.app.services.door.tokens.tokenOf(row.id);
    await ok(organiser.post('door/scan', { token, scannedAt: new Date().toISOString(), station: 'Gate A' }), 'check-in');
  }
  await ok(
    organiser.post('admin/temporary/decide', { ids: [other.body.data.id], decision: 'reject', reason: '信息不全' }),
    'temporary reject',
  );
  await ok(
    organiser.post('admin/temporary/codes', {
      code: 'LOG2025',
      registrationType: 'volunteer',
      eventName: '城市跑',
      attendanceMode: 'onsite',
    }),
    'temporary code',
  );
  await ok(organiser.post('admin/temporary/codes/LOG2025/discard'), 'temporary discard');

  return [
    'activity.create',
    'activity.publish',
    'activity.update',
    'activity.close',
    'activity.assign',
    'invitation-code.create',
    'invitation-code.revoke',
    'notice.create',
    'notice.update',
    'notice.delete',
    'notice.publish',
    'hotel.create',
    'hotel.update',
    'hotel.delete',
    'receptionist.create',
    'receptionist.update',
    'receptionist.delete',
    'guest.approve',
    'guest.reject',
    'guest.reception',
    'entourage.reception',
    'edition.update',
    'historical-guest.add',
    'historical-guest.save',
    'historical-guest.delete',
    'historical-guest.import',
    'investment-project.add',
    'investment-project.save',
    'investment-project.delete',
    'investment-project.import',
    'download.add',
    'download.save',
    'download.delete',
    'temporary.approve',
    'temporary.reject',
    'temporary.badge',
    'guest.badge',
    'guest.check-in',
    'temporary.check-in',
    'temporary.code.create',
    'temporary.code.discard',
  ];
}

describeEachDatabase('audit log: every organiser write, read by a person', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock().clock });

  it('has a translated entry with a readable target and labelled changes for each write, in both languages', async () => {
    const organiser = await caller(t, ORGANISER);
    const actions = await everyOrganiserWrite(t, organiser);
    const read = async (language: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/exhibition/admin/console/audit/page?pageSize=100',
        headers: { authorization: `Bearer ${organiser.token}`, 'accept-language': language },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { data: Page<AuditLogItem> }).data.records;
    };
    const zh = await read('zh-CN');
    const en = await read('en');
    for (const action of actions) {
      const zhEntry = zh.find((entry) => entry.action === action);
      const enEntry = en.find((entry) => entry.id === zhEntry?.id);
      expect(zhEntry, `no audit entry for ${action}`).toBeDefined();
      expect(zhEntry!.actionLabel, `${action} untranslated (zh-CN)`).not.toBe(action);
      expect(enEntry!.actionLabel, `${action} untranslated (en)`).not.toBe(action);
      expect(zhEntry!.actionLabel, `${action}: same text in both languages`).not.toBe(enEntry!.actionLabel);
      expect(zhEntry!.actionLabel).toMatch(/[\u4e00-\u9fa5]/);
      expect(zhEntry!.targetTypeLabel, `${action} target type`).not.toBe(zhEntry!.targetType);
      expect(zhEntry!.targetLabel, `${action} has no readable target`).toBeTruthy();
      expect(zhEntry!.targetLabel!, `${action} target is an id`).not.toMatch(UUID);
      for (const change of [...zhEntry!.changes, ...enEntry!.changes]) {
        const line = `${action}: ${JSON.stringify(change)}`;
        expect(`${change.before} ${change.after}`, line).not.toMatch(UUID);
        expect(`${change.before} ${change.after}`, line).not.toMatch(ISO_TIME);
        expect(change.field, line).not.toMatch(/^[a-z]+[A-Z]\w*$/);
      }
    }
    const update = zh.find((entry) => entry.action === 'activity.update')!;
    expect(update.targetLabel).toBe('日志论坛');
    expect(update.changes).toContainEqual({ field: expect.stringMatching(/[\u4e00-\u9fa5]/), before: '国际会议中心', after: '新会场' });
    const codeCreated = en.find((entry) => entry.action === 'temporary.code.create')!;
    expect(codeCreated.changes).toEqual(expect.arrayContaining([expect.objectContaining({ after: 'Volunteer' })]));
    const assigned = zh.find((entry) => entry.action === 'activity.assign')!;
    expect(assigned.changes).toContainEqual(expect.objectContaining({ after: '赵日志' }));
    const receptionist = zh.find((entry) => entry.action === 'receptionist.create')!;
    expect(receptionist.changes.map((c) => c.after)).toContain('日志大酒店');
    // a check-in names its person when read, from the guest's row: the entry itself holds the id, the scan's time and station
    const checkIn = zh.find((entry) => entry.action === 'guest.check-in')!;
    expect(checkIn).toMatchObject({ targetType: 'guest', targetLabel: '赵日志', after: { station: 'Gate A' } });
    expect(checkIn.changes).toContainEqual(expect.objectContaining({ after: 'Gate A' }));
    const stored = await t.app.db.selectFrom('audit_log').selectAll().where('action', 'like', '%.check-in').execute();
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row.target_label).toBeNull();
      expect(`${row.before_value} ${row.after_value}`).not.toMatch(/赵日志|Zhang|1[3-9]\d{9}|\d{17}[\dX]/);
    }
    // every action written is a choice of the audit log's 操作 filter, and filtering for it finds exactly its entries
    for (const action of new Set(zh.map((entry) => entry.action))) {
      expect(auditActions, `${action} is no choice of the audit log's filter`).toContain(action);
      const filtered = await organiser.get<Page<AuditLogItem>>(`admin/console/audit/page?pageSize=100&action=${action}`);
      expect(filtered.status, action).toBe(200);
      expect(filtered.body.data.total, action).toBe(zh.filter((entry) => entry.action === action).length);
      expect(new Set(filtered.body.data.records.map((entry) => entry.action))).toEqual(new Set([action]));
    }
  });
});
