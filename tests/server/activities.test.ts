import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { Page, NoticeItem } from '../../src/shared/api-types.js';
import type { ActivitySummary, AdminActivityDetail, SignUpItem } from '../../src/shared/activity-api.js';
import {
  addGuest,
  caller,
  ENTERPRISE,
  ENTERPRISE2,
  MEDIA,
  itineraryBody,
  memberBody,
  movableClock,
  ORGANISER,
  residentId,
  setEdition,
  uploadedFile,
} from './guests-harness.js';
import { activityBody, approvedGuest, createActivity, signUp, unitDetail } from './activities-harness.js';

describeEachDatabase('activities: organisers, tabs, sign-up, waiting list', (kind) => {
  const time = movableClock('2027-06-01T04:00:00.000Z');
  const t = useTestApp(kind, {}, { clock: time.clock });

  it('lets only organisers create, edit, publish and close; drafts stay hidden from units', async () => {
    const organiser = await caller(t, ORGANISER);
    const unit = await caller(t, ENTERPRISE);
    expect((await unit.post('admin/activity', activityBody())).status).toBe(403);
    const bad = await organiser.post('admin/activity', { ...activityBody(), memberLimit: 0, phone: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.map((f) => f.pointer).sort()).toEqual(['/memberLimit', '/phone']);
    const reversed = await organiser.post(
      'admin/activity',
      activityBody({ signUpStart: '2027-06-10T00:00:00+08:00', signUpEnd: '2027-06-01T00:00:00+08:00' }),
    );
    expect(reversed.body.key).toBe('server.activities.windowOrder');

    const every = {
      name: '跨国公司圆桌',
      nature: '闭门会议',
      place: '国际会议中心 3F',
      category: 'recommended' as const,
      type: '论坛',
      startTime: '2027-06-19T14:00:00+08:00',
      endTime: '2027-06-19T16:00:00+08:00',
      subject: '开放合作',
      contactPerson: '王联络',
      phone: '13912345678',
      email: 'contact@example.com',
      memberLimit: 30,
      introduction: '圆桌讨论',
      guestType: '企业嘉宾',
      seatNumber: 'A-1',
      speaker: true,
      liveLink: 'https://live.example.com/roundtable',
      official: true,
      cityActivityCategory: '经贸',
      signUpStart: '2027-05-01T00:00:00+08:00',
      signUpEnd: '2027-06-15T00:00:00+08:00',
      allowEntourage: true,
      visibleGuestTypes: ['vip', 'general'],
    };
    const draft = await createActivity(organiser, every, false);
    expect(draft).toMatchObject({
      status: 'draft',
      category: 'recommended',
      memberLimit: 30,
      signedUpCount: 0,
      signUpState: 'open',
      document: every,
    });
    const tab = await unit.get<Page<ActivitySummary>>('qms/activity/page?category=recommended');
    expect(tab.body.data.records.map((a) => a.id)).not.toContain(draft.id);
    expect((await unit.get(`qms/activity/${draft.id}`)).status).toBe(404);

    const edited = await organiser.put<AdminActivityDetail>(`admin/activity/${draft.id}`, { ...every, name: '跨国公司圆桌（改）' });
    expect(edited.body.data.document.name).toBe('跨国公司圆桌（改）');
    await organiser.post(`admin/activity/${draft.id}/publish`);
    // a unit with an approved guest of a visible type sees it in the recommended tab only
    await approvedGuest(unit, t, ENTERPRISE, 1, 'INVITE2025A');
    const seen = await unit.get<Page<ActivitySummary>>('qms/activity/page?category=recommended');
    expect(seen.body.data.records.find((a) => a.id === draft.id)?.document).toMatchObject({ ...every, name: '跨国公司圆桌（改）' });
    const committee = await unit.get<Page<ActivitySummary>>('qms/activity/page?category=committee');
    expect(committee.body.data.records.map((a) => a.id)).not.toContain(draft.id);
    const closed = await organiser.post<AdminActivityDetail>(`admin/activity/${draft.id}/close`);
    expect(closed.body.data).toMatchObject({ status: 'closed', signUpState: 'closed' });
    expect((await unitDetail(unit, draft.id)).signUpState).toBe('closed');
    const page = await organiser.get<Page<ActivitySummary>>('admin/activity/page?status=closed');
    expect(page.body.data.records.map((a) => a.id)).toContain(draft.id);
  });

  it('shows an activity only to units with an approved guest of a visible guest type', async () => {
    const organiser = await caller(t, ORGANISER);
    const vipOnly = await createActivity(organiser, { name: 'VIP 晚宴', visibleGuestTypes: ['vip'] });
    const media = await caller(t, MEDIA);
    const tab = await media.get<Page<ActivitySummary>>('qms/activity/page?category=committee');
    expect(tab.body.data.records.map((a) => a.id)).not.toContain(vipOnly.id);
    const enterprise = await caller(t, ENTERPRISE);
    const general = await approvedGuest(enterprise, t, ENTERPRISE, 2, 'INVITE2025C');
    // visible to the unit (it has a vip guest from the first test), but this guest's type is refused
    const refused = await signUp(enterprise, vipOnly.id, general);
    expect(refused.body).toMatchObject({ code: 400, key: 'server.activities.guestTypeNotAllowed' });
  });

  it('refuses guests that are not approved, with the reason', async () => {
    const organiser = await caller(t, ORGANISER);
    const activity = await createActivity(organiser);
    const c = await caller(t, ENTERPRISE);
    const pending = await c.post<{ id: string }>(
      'qms/guest',
      (await import('./helpers/guest-body.js')).guestBody(residentId(3), await uploadedFile(t, ENTERPRISE), { inviteCode: 'INVITE2025B' }),
    );
    const refused = await signUp(c, activity.id, pending.body.data.id);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ key: 'server.guests.notApproved', msg: 'The guest must be approved first' });
    // another unit's guest is not found
    const other = await caller(t, ENTERPRISE2);
    expect((await signUp(other, activity.id, pending.body.data.id)).status).toBe(404);
  });

  it('refuses an approved guest without an itinerary (SPEC 4: the itinerary comes first)', async () => {
    const organiser = await caller(t, ORGANISER);
    const activity = await createActivity(organiser);
    const c = await caller(t, ENTERPRISE);
    const guest = await addGuest(c, t, ENTERPRISE, 94, { inviteCode: 'INVITE2025A' });
    expect(guest.status).toBe('approved');
    const refused = await signUp(c, activity.id, guest.id);
    expect(refused.body).toMatchObject({ code: 400, key: 'server.guests.itineraryRequired' });
    expect((await c.put(`qms/guest/${guest.id}/itinerary`, itineraryBody)).status).toBe(200);
    expect((await signUp(c, activity.id, guest.id)).status).toBe(200);
  });

  it('answers "registration not yet open" before the window and refuses after it', async () => {
    const organiser = await caller(t, ORGANISER);
    const later = await createActivity(organiser, { signUpStart: '2027-06-10T00:00:00+08:00', signUpEnd: '2027-06-12T00:00:00+08:00' });
    const c = await caller(t, ENTERPRISE);
    const guest = await approvedGuest(c, t, ENTERPRISE, 4, 'INVITE2025A');
    expect((await unitDetail(c, later.id)).signUpState).toBe('notOpen');
    const early = await signUp(c, later.id, guest);
    expect(early.body).toMatchObject({ code: 400, key: 'server.activities.notOpen' });
    expect(early.body.msg).toMatch(/^Registration not yet open/);
    time.set('2027-06-11T04:00:00.000Z');
    try {
      expect((await signUp(c, later.id, guest)).body.data.status).toBe('signed-up');
      time.set('2027-06-13T04:00:00.000Z');
      const guest2 = await approvedGuest(c, t, ENTERPRISE, 5, 'INVITE2025A');
      expect((await signUp(c, later.id, guest2)).body.key).toBe('server.activities.signUpEnded');
    } finally {
      time.set('2027-06-01T04:00:00.000Z');
    }
  });

  it('puts people beyond the member limit on the waiting list and promotes the first when a place frees, with a notice', async () => {
    const organiser = await caller(t, ORGANISER);
    const activity = await createActivity(organiser, { name: '限额参观', memberLimit: 1 });
    const first = await caller(t, ENTERPRISE);
    const second = await caller(t, ENTERPRISE2);
    const g1 = await approvedGuest(first, t, ENTERPRISE, 6, 'INVITE2025A');
    const g2 = await approvedGuest(second, t, ENTERPRISE2, 7, 'ENT2-GUEST');
    const g3 = await approvedGuest(second, t, ENTERPRISE2, 8, 'ENT2-GUEST');
    const a = await signUp(first, activity.id, g1);
    expect(a.body.data).toMatchObject({ status: 'signed-up', waitingPosition: null });
    const b = await signUp(second, activity.id, g2);
    expect(b.body.data).toMatchObject({ status: 'waiting', waitingPosition: 1 });
    const c = await signUp(second, activity.id, g3);
    expect(c.body.data).toMatchObject({ status: 'waiting', waitingPosition: 2 });
    expect((await signUp(first, activity.id, g1)).body.key).toBe('server.activities.alreadySignedUp');
    const view = await unitDetail(second, activity.id);
    expect(view).toMatchObject({ full: true, signedUpCount: 1, waitingCount: 2 });
    expect(view.mySignUps.map((s) => [s.guestId, s.status, s.waitingPosition])).toEqual([
      [g2, 'waiting', 1],
      [g3, 'waiting', 2],
    ]);

    // a unit cannot cancel another unit's sign-up
    expect((await second.del(`qms/activity/sign-up/${a.body.data.id}`)).status).toBe(404);
    expect((await first.del(`qms/activity/sign-up/${a.body.data.id}`)).status).toBe(200);
    const after = await unitDetail(second, activity.id);
    expect(after.mySignUps.map((s) => [s.guestId, s.status, s.waitingPosition])).toEqual([
      [g2, 'signed-up', null],
      [g3, 'waiting', 1],
    ]);
    const notices = await second.get<Page<NoticeItem>>('qms/notice-announce/myNoticePage?pageNum=1&pageSize=10');
    // the system notice is read in the reader's language (the callers read in English)
    const promoted = notices.body.data.records.filter((n) => n.title === 'Activity place confirmed');
    expect(promoted).toHaveLength(1);
    expect(promoted[0]!.content).toContain('限额参观');
    // the first unit was not promoted: no such notice
    const firstNotices = await first.get<Page<NoticeItem>>('qms/notice-announce/myNoticePage?pageNum=1&pageSize=10');
    expect(firstNotices.body.data.records.some((n) => n.title === 'Activity place confirmed')).toBe(false);
    const roster = await organiser.get<AdminActivityDetail>(`admin/activity/${activity.id}`);
    expect(roster.body.data.signedUp.map((s) => s.guestId)).toEqual([g2]);
    expect(roster.body.data.waiting.map((s) => [s.guestId, s.waitingPosition, s.unitName])).toEqual([[g3, 1, '示例第二企业有限公司']]);
  });

  it('lets entourage members sign up only where the activity allows it', async () => {
    const organiser = await caller(t, ORGANISER);
    const no = await createActivity(organiser, { name: '无随行' });
    const yes = await createActivity(organiser, { name: '可随行', allowEntourage: true });
    const c = await caller(t, ENTERPRISE);
    const guest = await approvedGuest(c, t, ENTERPRISE, 9, 'INVITE2025A');
    const member = await c.post<{ id: string }>(
      `qms/guest/${guest}/entourage`,
      memberBody(residentId(10), await uploadedFile(t, ENTERPRISE)),
    );
    expect(member.status).toBe(200);
    expect((await signUp(c, no.id, guest, { memberId: member.body.data.id })).body.key).toBe('server.activities.noEntourage');
    const ok = await signUp(c, yes.id, guest, { memberId: member.body.data.id });
    expect(ok.body.data).toMatchObject({ status: 'signed-up', memberId: member.body.data.id, personName: '李四' });
    // the guest and the member are two people
    expect((await signUp(c, yes.id, guest)).body.data.status).toBe('signed-up');
  });

  it('assigns guests to invited activities; only assigned guests see and sign up', async () => {
    const organiser = await caller(t, ORGANISER);
    const invited = await createActivity(organiser, { name: '指派会见', category: 'invited' });
    const committee = await createActivity(organiser, { name: '非指派' });
    const c = await caller(t, ENTERPRISE);
    const assignedGuest = await approvedGuest(c, t, ENTERPRISE, 11, 'INVITE2025A');
    const otherGuest = await approvedGuest(c, t, ENTERPRISE, 12, 'INVITE2025A');
    expect((await c.get(`qms/activity/${invited.id}`)).status).toBe(404);
    expect((await organiser.put(`admin/activity/${committee.id}/assignments`, { guestIds: [assignedGuest] })).body.key).toBe(
      'server.activities.notInvitedCategory',
    );
    const assigned = await organiser.put<AdminActivityDetail>(`admin/activity/${invited.id}/assignments`, { guestIds: [assignedGuest] });
    expect(assigned.body.data.assignedGuests.map((g) => g.guestId)).toEqual([assignedGuest]);
    const tab = await c.get<Page<ActivitySummary>>('qms/activity/page?category=invited');
    expect(tab.body.data.records.map((a) => a.id)).toEqual([invited.id]);
    expect((await unitDetail(c, invited.id)).assignedGuestIds).toEqual([assignedGuest]);
    expect((await signUp(c, invited.id, otherGuest)).body.key).toBe('server.activities.notAssigned');
    expect((await signUp(c, invited.id, assignedGuest)).body.data.status).toBe('signed-up');
    // units of no assigned guest do not see it
    const other = await caller(t, ENTERPRISE2);
    expect((await other.get<Page<ActivitySummary>>('qms/activity/page?category=invited')).body.data.records).toEqual([]);
  });

  it('allows sign-up and cancelling after sign-up closes, until the deadline (September 28), not after', async () => {
    const organiser = await caller(t, ORGANISER);
    const activity = await createActivity(organiser, { name: '截止测试' });
    const c = await caller(t, ENTERPRISE);
    const g1 = await approvedGuest(c, t, ENTERPRISE, 13, 'INVITE2025A');
    const g2 = await approvedGuest(c, t, ENTERPRISE, 14, 'INVITE2025A');
    const first = await signUp(c, activity.id, g1);
    await setEdition(organiser, { signUpClosed: true });
    try {
      time.set('2027-09-28T15:00:00.000Z'); // 23:00 on Sept 28 in Shanghai: still allowed
      const late = await signUp(c, activity.id, g2);
      expect(late.body.data.status).toBe('signed-up');
      expect((await c.del(`qms/activity/sign-up/${late.body.data.id}`)).status).toBe(200);
      time.set('2027-09-28T16:00:00.000Z'); // Sept 29 in Shanghai
      expect((await unitDetail(c, activity.id)).signUpState).toBe('deadlinePassed');
      const tooLate = await signUp(c, activity.id, g2);
      expect(tooLate.body).toMatchObject({ code: 400, key: 'server.activities.deadlinePassed' });
      expect(tooLate.body.msg).toContain('2027-09-28');
      expect((await c.del(`qms/activity/sign-up/${first.body.data.id}`)).body.key).toBe('server.activities.deadlinePassed');
    } finally {
      time.set('2027-06-01T04:00:00.000Z');
      await setEdition(organiser, { signUpClosed: false });
    }
  });

  it('promotes waiting people when the organiser raises the member limit', async () => {
    const organiser = await caller(t, ORGANISER);
    const activity = await createActivity(organiser, { name: '扩容', memberLimit: 1 });
    const c = await caller(t, ENTERPRISE);
    const g1 = await approvedGuest(c, t, ENTERPRISE, 15, 'INVITE2025A');
    const g2 = await approvedGuest(c, t, ENTERPRISE, 16, 'INVITE2025A');
    await signUp(c, activity.id, g1);
    expect((await signUp(c, activity.id, g2)).body.data.status).toBe('waiting');
    const raised = await organiser.put<AdminActivityDetail>(
      `admin/activity/${activity.id}`,
      activityBody({ name: '扩容', memberLimit: 2 }),
    );
    expect(raised.body.data).toMatchObject({ signedUpCount: 2, waitingCount: 0 });
    const mine = (await unitDetail(c, activity.id)).mySignUps;
    expect(mine.every((s: SignUpItem) => s.status === 'signed-up')).toBe(true);
  });
});

describeEachDatabase('activities: guests leaving, organiser materials', (kind) => {
  const t = useTestApp(kind, {}, { clock: movableClock('2027-06-01T04:00:00.000Z').clock });

  it('lets a unit deregister a signed-up guest or remove a signed-up entourage member (their sign-ups go too)', async () => {
    const organiser = await caller(t, ORGANISER);
    const activity = await createActivity(organiser, { name: '离开测试', allowEntourage: true });
    const c = await caller(t, ENTERPRISE);
    const guest = await approvedGuest(c, t, ENTERPRISE, 40, 'INVITE2025A');
    const member = await c.post<{ id: string }>(
      `qms/guest/${guest}/entourage`,
      memberBody(residentId(41), await uploadedFile(t, ENTERPRISE)),
    );
    await signUp(c, activity.id, guest);
    await signUp(c, activity.id, guest, { memberId: member.body.data.id });
    expect((await c.del(`qms/guest/${guest}/entourage/${member.body.data.id}`)).status).toBe(200);
    expect((await unitDetail(c, activity.id)).mySignUps.map((s) => s.guestId)).toEqual([guest]);
    expect((await c.del(`qms/guest/${guest}`)).status).toBe(200);
    expect((await unitDetail(c, activity.id)).mySignUps).toEqual([]);
  });

  it('promotes the first waiting person when a signed-up guest is deregistered', async () => {
    const organiser = await caller(t, ORGANISER);
    const activity = await createActivity(organiser, { name: '释放测试', memberLimit: 1 });
    const first = await caller(t, ENTERPRISE);
    const second = await caller(t, ENTERPRISE2);
    const leaving = await approvedGuest(first, t, ENTERPRISE, 42, 'INVITE2025A');
    const waiting = await approvedGuest(second, t, ENTERPRISE2, 43, 'ENT2-GUEST');
    await signUp(first, activity.id, leaving);
    expect((await signUp(second, activity.id, waiting)).body.data.status).toBe('waiting');
    expect((await first.del(`qms/guest/${leaving}`)).status).toBe(200);
    expect((await unitDetail(second, activity.id)).mySignUps.map((s) => s.status)).toEqual(['signed-up']);
  });

  it("checks the activity's own speech materials are stored speech-material uploads", async () => {
    const organiser = await caller(t, ORGANISER);
    const refused = await organiser.post('admin/activity', activityBody({ speechMaterials: ['no-such-file'] }));
    expect(refused.body.key).toBe('server.activities.speechMaterialInvalid');
    const photo = await uploadedFile(t, ENTERPRISE);
    expect((await organiser.post('admin/activity', activityBody({ speechMaterials: [photo] }))).body.key).toBe(
      'server.activities.speechMaterialInvalid',
    );
    const material = await uploadedFile(t, ENTERPRISE, 'speechMaterials');
    expect((await organiser.post('admin/activity', activityBody({ speechMaterials: [material] }))).status).toBe(200);
  });
});
