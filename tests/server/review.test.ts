import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { NoticeItem, Page } from '../../src/shared/api-types.js';
import type { AuditEntry, EditionData, GuestSummary, ReviewItem } from '../../src/shared/guest-api.js';
import { addGuest, caller, detail, ENTERPRISE, ENTERPRISE2, GOVERNMENT, openRegistrationWindow, ORGANISER } from './guests-harness.js';

describeEachDatabase('organiser review, notices and audit log', (kind) => {
  const t = useTestApp(kind);
  beforeAll(async () => openRegistrationWindow(t));

  it('keeps the console for organisers', async () => {
    const unit = await caller(t, ENTERPRISE);
    for (const response of [
      await unit.get('admin/review/page'),
      await unit.post('admin/review/decide', { ids: ['x'], decision: 'approve' }),
      await unit.get('admin/audit/page'),
      await unit.get('admin/edition/current'),
    ]) {
      expect(response.status).toBe(403);
    }
  });

  it('lists pending guests of every unit and approves or rejects many at once, with notices and audit', async () => {
    const first = await caller(t, ENTERPRISE);
    const second = await caller(t, ENTERPRISE2);
    const a = await addGuest(first, t, ENTERPRISE, 200);
    const b = await addGuest(first, t, ENTERPRISE, 201);
    const c = await addGuest(second, t, ENTERPRISE2, 202, { mobile: '13812340202' }); // another unit: its own guest's mobile
    const organiser = await caller(t, ORGANISER);

    const queue = await organiser.get<Page<ReviewItem>>('admin/review/page?pageSize=100');
    const ids = queue.body.data.records.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    expect(queue.body.data.records.find((r) => r.id === c.id)).toMatchObject({ unitName: '示例第二企业有限公司', status: 'pending' });

    const unreadBefore = (await first.get<number>('qms/notice-announce/myUnReadNoticeCount')).body.data;
    const secondUnreadBefore = (await second.get<number>('qms/notice-announce/myUnReadNoticeCount')).body.data;
    const approved = await organiser.post<GuestSummary[]>('admin/review/decide', { ids: [a.id, c.id], decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.data.map((g) => g.status)).toEqual(['approved', 'approved']);
    const rejected = await organiser.post<GuestSummary[]>('admin/review/decide', { ids: [b.id], decision: 'reject', reason: '资料不全' });
    expect(rejected.body.data[0]).toMatchObject({ status: 'rejected', rejectReason: '资料不全' });

    // the unit sees the new status and the reason
    expect((await detail(first, b.id)).rejectReason).toBe('资料不全');
    expect((await detail(first, a.id)).status).toBe('approved');
    // each unit gets a notice per decided guest of its own, and only of its own
    expect((await first.get<number>('qms/notice-announce/myUnReadNoticeCount')).body.data).toBe(unreadBefore + 2);
    expect((await second.get<number>('qms/notice-announce/myUnReadNoticeCount')).body.data).toBe(secondUnreadBefore + 1);
    const government = await caller(t, GOVERNMENT);
    const governmentNotices = await government.get<Page<NoticeItem>>('qms/notice-announce/myNoticePage?pageSize=100');
    expect(governmentNotices.body.data.records.some((n) => n.title === 'Guest review result')).toBe(false);
    const notices = await first.get<Page<NoticeItem>>('qms/notice-announce/myNoticePage?pageSize=100');
    // the portal's own notices are read in the reader's language (the caller reads English)
    expect(notices.body.data.records.map((n) => n.content)).toContain('Guest 张三 was not approved. Reason: 资料不全');

    const audit = await organiser.get<Page<AuditEntry>>('admin/audit/page?pageSize=100');
    const decisions = audit.body.data.records.filter((e) => e.action.startsWith('guest.'));
    expect(decisions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'guest.approve', targetType: 'guest', targetId: a.id, actorAccount: ORGANISER, reason: null }),
        expect.objectContaining({ action: 'guest.approve', targetId: c.id }),
        expect.objectContaining({ action: 'guest.reject', targetId: b.id, reason: '资料不全' }),
      ]),
    );
    expect(decisions.every((e) => typeof e.at === 'string' && e.at.length === 24)).toBe(true);

    const rejectedQueue = await organiser.get<Page<ReviewItem>>('admin/review/page?status=rejected');
    expect(rejectedQueue.body.data.records.map((r) => r.id)).toContain(b.id);
    // a rejected guest edited by the unit goes back to the queue, even with a no-review code
    const document = (await detail(first, b.id)).document;
    const resubmitted = await first.put<GuestSummary>(`qms/guest/${b.id}`, { ...document, unitType: undefined, inviteCode: 'INVITE2025C' });
    expect(resubmitted.body.data).toMatchObject({ status: 'pending', rejectReason: null });
  });

  it('needs a reason to reject and attendees to decide on', async () => {
    const organiser = await caller(t, ORGANISER);
    const unit = await caller(t, ENTERPRISE);
    const guest = await addGuest(unit, t, ENTERPRISE, 210);
    const noReason = await organiser.post('admin/review/decide', { ids: [guest.id], decision: 'reject' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fieldErrors?.map((f) => f.pointer)).toEqual(['/reason']);
    const empty = await organiser.post('admin/review/decide', { ids: [], decision: 'approve' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('Please select attendees');
    const tooMany = await organiser.post('admin/review/decide', {
      ids: Array.from({ length: 101 }, (_, i) => `id${i}`),
      decision: 'approve',
    });
    expect(tooMany.status).toBe(400);
  });

  it('decides all or nothing: an unknown id leaves every guest as it was', async () => {
    const organiser = await caller(t, ORGANISER);
    const unit = await caller(t, ENTERPRISE);
    const guest = await addGuest(unit, t, ENTERPRISE, 220);
    const auditBefore = (await organiser.get<Page<AuditEntry>>('admin/audit/page')).body.data.total;
    const response = await organiser.post('admin/review/decide', { ids: [guest.id, 'no-such-guest'], decision: 'approve' });
    expect(response.status).toBe(404);
    expect((await detail(unit, guest.id)).status).toBe('pending');
    expect((await organiser.get<Page<AuditEntry>>('admin/audit/page')).body.data.total).toBe(auditBefore);
  });

  it('changes the edition settings (audited) and checks them', async () => {
    const organiser = await caller(t, ORGANISER);
    const current = (await organiser.get<EditionData>('admin/edition/current')).body.data;
    const { id: _id, year: _year, name: _name, ...settings } = current;
    // the GET answer sent back as it is: id, year and name are ignored
    const saved = await organiser.put<EditionData>('admin/edition/current', { ...current, entourageCap: 5 });
    expect(saved.body.data.entourageCap).toBe(5);
    expect((await t.call<EditionData>({ method: 'GET', url: '/exhibition/qms/edition/current' })).body.data.entourageCap).toBe(5);
    const reversed = await organiser.put('admin/edition/current', {
      ...settings,
      registrationStart: '2027-08-01',
      registrationEnd: '2027-05-01',
    });
    expect(reversed.status).toBe(400);
    const badDate = await organiser.put('admin/edition/current', { ...settings, itineraryDeadline: '2027-02-30' });
    expect(badDate.body.fieldErrors?.map((f) => f.pointer)).toEqual(['/itineraryDeadline']);
    const audit = await organiser.get<Page<AuditEntry>>('admin/audit/page');
    expect(audit.body.data.records[0]).toMatchObject({ action: 'edition.update', targetType: 'edition' });
  });
});
