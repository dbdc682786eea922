import { expect, it } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import type { EditionAnswer, EntourageItem, GuestPage, GuestSummary } from '../../src/shared/guest-api.js';
import {
  addGuest,
  caller,
  detail,
  ENTERPRISE,
  itineraryBody,
  memberBody,
  movableClock,
  ORGANISER,
  residentId,
  setEdition,
  uploadedFile,
} from './guests-harness.js';
import { guestBody } from './helpers/guest-body.js';

describeEachDatabase('guests: gates, cap, deadline, attendance, photo change', (kind) => {
  const time = movableClock();
  const t = useTestApp(kind, {}, { clock: time.clock });

  it('keeps entourage and activity sign-up for approved guests, and reports the gates', async () => {
    const c = await caller(t, ENTERPRISE);
    const pending = await addGuest(c, t, ENTERPRISE, 100);
    const gates = (await detail(c, pending.id)).gates;
    expect(gates).toEqual({
      canEditBasic: true,
      canManageEntourage: false,
      canEditItinerary: true,
      canSignUpActivities: false,
      canEditEpidemicInfo: false,
      canConfirmAttendance: false,
      entourageFull: false,
    });
    const refused = await c.post(`qms/guest/${pending.id}/entourage`, memberBody(residentId(101), await uploadedFile(t, ENTERPRISE)));
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('The guest must be approved first');

    const approved = await addGuest(c, t, ENTERPRISE, 102, { inviteCode: 'INVITE2025A' });
    expect((await detail(c, approved.id)).gates).toMatchObject({
      canEditBasic: false,
      canManageEntourage: true,
      canEditEpidemicInfo: true,
      canSignUpActivities: false,
    });
    // the guest must fill in the itinerary before continuing to activities
    expect((await c.put<GuestSummary>(`qms/guest/${approved.id}/itinerary`, itineraryBody)).body.data.itineraryDone).toBe(true);
    expect((await detail(c, approved.id)).gates.canSignUpActivities).toBe(true);
  });

  it('adds entourage up to the edition cap, then answers "full"', async () => {
    const organiser = await caller(t, ORGANISER);
    await setEdition(organiser, { entourageCap: 2 });
    const c = await caller(t, ENTERPRISE);
    const guest = await addGuest(c, t, ENTERPRISE, 110, { inviteCode: 'INVITE2025A' });
    const first = await c.post<EntourageItem>(
      `qms/guest/${guest.id}/entourage`,
      memberBody(residentId(111), await uploadedFile(t, ENTERPRISE)),
    );
    expect(first.status).toBe(200);
    expect(first.body.data.idNumberMasked).toBe(`370202********${residentId(111).slice(-4)}`);
    expect((await c.post(`qms/guest/${guest.id}/entourage`, memberBody(residentId(112), await uploadedFile(t, ENTERPRISE)))).status).toBe(
      200,
    );
    const full = await c.post(`qms/guest/${guest.id}/entourage`, memberBody(residentId(113), await uploadedFile(t, ENTERPRISE)));
    expect(full.status).toBe(409);
    expect(full.body.msg).toBe('The entourage is full');
    const after = await detail(c, guest.id);
    expect(after).toMatchObject({ entourageCount: 2, entourageCap: 2 });
    expect(after.gates.entourageFull).toBe(true);

    const duplicate = await c.put(
      `qms/guest/${guest.id}/entourage/${first.body.data.id}`,
      memberBody(residentId(110), await uploadedFile(t, ENTERPRISE)),
    );
    expect(duplicate.status).toBe(409);
    const edited = await c.put<EntourageItem>(`qms/guest/${guest.id}/entourage/${first.body.data.id}`, {
      ...memberBody(residentId(111), await uploadedFile(t, ENTERPRISE)),
      nameZh: '李四新',
    });
    expect(edited.body.data.document).toMatchObject({ nameZh: '李四新' });
    expect((await c.del(`qms/guest/${guest.id}/entourage/${first.body.data.id}`)).status).toBe(200);
    expect((await c.get<EntourageItem[]>(`qms/guest/${guest.id}/entourage`)).body.data).toHaveLength(1);
    expect((await c.del(`qms/guest/${guest.id}/entourage/${first.body.data.id}`)).status).toBe(404);
    await setEdition(organiser, { entourageCap: 3 });
  });

  it('holds the cap and the duplicate check under concurrent adds', async () => {
    const organiser = await caller(t, ORGANISER);
    await setEdition(organiser, { entourageCap: 2 });
    try {
      const c = await caller(t, ENTERPRISE);
      const guest = await addGuest(c, t, ENTERPRISE, 170, { inviteCode: 'INVITE2025A' });
      const photos = await Promise.all([0, 1, 2, 3, 4].map(() => uploadedFile(t, ENTERPRISE)));
      const adds = await Promise.all(
        photos.map((photo, i) => c.post(`qms/guest/${guest.id}/entourage`, memberBody(residentId(171 + i), photo))),
      );
      expect(adds.filter((r) => r.status === 200)).toHaveLength(2);
      expect(adds.filter((r) => r.status === 409)).toHaveLength(3);
      const same = await Promise.all(photos.slice(0, 3).map((photo) => c.post('qms/guest', guestBody(residentId(180), photo))));
      expect(same.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    } finally {
      await setEdition(organiser, { entourageCap: 3 });
    }
  });

  it('ends guest and entourage registration when sign-up closes, but keeps the itinerary open until the deadline', async () => {
    const organiser = await caller(t, ORGANISER);
    const c = await caller(t, ENTERPRISE);
    const guest = await addGuest(c, t, ENTERPRISE, 120, { inviteCode: 'INVITE2025A' });
    await setEdition(organiser, { signUpClosed: true });
    try {
      const add = await c.post('qms/guest', guestBody(residentId(121), await uploadedFile(t, ENTERPRISE)));
      expect(add.body.msg).toBe('Sign-up closed: guest and entourage registration has ended');
      const member = await c.post(`qms/guest/${guest.id}/entourage`, memberBody(residentId(122), await uploadedFile(t, ENTERPRISE)));
      expect(member.body.key).toBe('server.guests.signUpClosed');
      expect((await detail(c, guest.id)).gates).toMatchObject({ canManageEntourage: false, canEditItinerary: true });

      time.set('2027-09-28T15:59:00.000Z'); // 23:59 on 28 September in Shanghai
      expect((await c.put(`qms/guest/${guest.id}/itinerary`, itineraryBody)).status).toBe(200);
      time.set('2027-09-28T16:00:00.000Z'); // 00:00 on 29 September in Shanghai
      const late = await c.put(`qms/guest/${guest.id}/itinerary`, itineraryBody);
      expect(late.status).toBe(400);
      expect(late.body.msg).toBe('Itinerary changes closed on 2027-09-28');
      expect((await detail(c, guest.id)).gates).toMatchObject({ canEditItinerary: false, canSignUpActivities: false });
    } finally {
      time.set('2027-06-01T04:00:00.000Z');
      await setEdition(organiser, { signUpClosed: false });
    }
  });

  it('sends each shut gate with its reason, and a write behind it is refused with the matching error', async () => {
    const organiser = await caller(t, ORGANISER);
    const c = await caller(t, ENTERPRISE);
    const pending = await addGuest(c, t, ENTERPRISE, 190);
    expect((await detail(c, pending.id)).gateReasons).toEqual({
      canManageEntourage: { reasonKey: 'guest.gates.needsApproval.pending' },
      canSignUpActivities: { reasonKey: 'guest.gates.activitiesNeedApproval' },
      canEditEpidemicInfo: { reasonKey: 'guest.gates.epidemicNeedsApproval' },
      canConfirmAttendance: { reasonKey: 'guest.gates.attendNeedsApproval' },
    });
    const epidemic = await c.put(`qms/guest/${pending.id}/epidemic`, { healthy: true, testResult: 'negative' });
    expect(epidemic.body.key).toBe('server.guests.notApproved');

    const approved = await addGuest(c, t, ENTERPRISE, 191, { inviteCode: 'INVITE2025A' });
    expect((await detail(c, approved.id)).gateReasons.canEditBasic).toEqual({ reasonKey: 'guest.gates.approvedLocked' });
    expect((await c.put(`qms/guest/${approved.id}`, guestBody(residentId(191), await uploadedFile(t, ENTERPRISE)))).body.key).toBe(
      'server.guests.basicInfoLocked',
    );

    await setEdition(organiser, { signUpClosed: true });
    time.set('2027-09-29T04:00:00.000Z');
    try {
      const shut = await detail(c, approved.id);
      expect(shut.gateReasons).toMatchObject({
        canManageEntourage: { reasonKey: 'guest.gates.signUpClosed' },
        canEditItinerary: { reasonKey: 'guest.gates.itineraryDeadline', reasonParams: { deadline: '2027-09-28' } },
      });
      expect(
        (await c.post(`qms/guest/${approved.id}/entourage`, memberBody(residentId(192), await uploadedFile(t, ENTERPRISE)))).body.key,
      ).toBe('server.guests.signUpClosed');
      expect((await c.put(`qms/guest/${approved.id}/itinerary`, itineraryBody)).body.key).toBe('server.guests.itineraryClosed');
      // the add-guest gate rides on the edition answer, decided by the same rule the add enforces
      const edition = (await c.get<EditionAnswer>('qms/edition/current')).body.data;
      expect(edition.addGuestGate).toEqual({ open: false, reasonKey: 'guest.gates.signUpClosed' });
      expect((await c.post('qms/guest', guestBody(residentId(193), await uploadedFile(t, ENTERPRISE)))).body.key).toBe(
        'server.guests.signUpClosed',
      );
    } finally {
      time.set('2027-06-01T04:00:00.000Z');
      await setEdition(organiser, { signUpClosed: false });
    }
    await setEdition(organiser, { registrationEnd: '2027-05-31' });
    try {
      const edition = (await c.get<EditionAnswer>('qms/edition/current')).body.data;
      expect(edition.addGuestGate).toEqual({
        open: false,
        reasonKey: 'guest.gates.outsideWindow',
        reasonParams: { start: edition.registrationStart, end: '2027-05-31' },
      });
      expect((await c.post('qms/guest', guestBody(residentId(194), await uploadedFile(t, ENTERPRISE)))).body.key).toBe(
        'server.guests.outsideRegistrationWindow',
      );
    } finally {
      await setEdition(organiser, { registrationEnd: '2027-07-31' });
    }
    expect((await c.get<EditionAnswer>('qms/edition/current')).body.data.addGuestGate.open).toBe(true);
  });

  it('decides "attend" once: the gate of the detail and of every summary agrees with the write', async () => {
    const c = await caller(t, ENTERPRISE);
    const attend = async (id: string) => (await c.put(`qms/guest/${id}/attendance`, { attend: true })).body.key ?? null;
    const listed = async (id: string) =>
      (await c.get<GuestPage>('qms/guest/page?pageNum=1&pageSize=100')).body.data.records.find((guest) => guest.id === id);
    const agree = async (guest: GuestSummary, expected: GuestSummary['confirmAttendanceGate'], refusal: string | null) => {
      const shown = await detail(c, guest.id);
      expect(guest.confirmAttendanceGate).toEqual(expected);
      expect(shown.confirmAttendanceGate).toEqual(expected);
      expect((await listed(guest.id))?.confirmAttendanceGate).toEqual(expected);
      expect(shown.gates.canConfirmAttendance).toBe(expected.open);
      expect(shown.gateReasons.canConfirmAttendance).toEqual(expected.open ? undefined : { reasonKey: expected.reasonKey });
      expect(await attend(guest.id)).toBe(refusal);
    };
    const pending = await addGuest(c, t, ENTERPRISE, 132);
    await c.put(`qms/guest/${pending.id}/itinerary`, itineraryBody);
    await agree(pending, { open: false, reasonKey: 'guest.gates.attendNeedsApproval' }, 'server.guests.notApproved');

    const approved = await addGuest(c, t, ENTERPRISE, 133, { inviteCode: 'INVITE2025A' });
    await agree(approved, { open: false, reasonKey: 'guest.gates.attendItineraryFirst' }, 'server.guests.itineraryRequired');
    // the itinerary write answers the summary with the gate now open
    const complete = (await c.put<GuestSummary>(`qms/guest/${approved.id}/itinerary`, itineraryBody)).body.data;
    await agree(complete, { open: true }, null);
  });

  it('confirms, cancels and deregisters attendance', async () => {
    const c = await caller(t, ENTERPRISE);
    const guest = await addGuest(c, t, ENTERPRISE, 130, { inviteCode: 'INVITE2025A' });
    await c.put(`qms/guest/${guest.id}/itinerary`, itineraryBody);
    expect((await c.put<GuestSummary>(`qms/guest/${guest.id}/attendance`, { attend: true })).body.data.attendance).toBe('attending');
    expect((await c.put<GuestSummary>(`qms/guest/${guest.id}/attendance`, { attend: false })).body.data.attendance).toBe('not-attending');
    expect((await c.put(`qms/guest/${guest.id}/attendance`, { attend: 'yes' })).status).toBe(400);
    expect((await c.post<GuestSummary>(`qms/guest/${guest.id}/cancel`)).body.data.attendance).toBe('cancelled');
    await c.post(`qms/guest/${guest.id}/entourage`, memberBody(residentId(131), await uploadedFile(t, ENTERPRISE)));
    expect((await c.del(`qms/guest/${guest.id}`)).status).toBe(200);
    expect((await c.get(`qms/guest/${guest.id}`)).status).toBe(404);
    // the person may be registered again after deregistration
    expect((await addGuest(c, t, ENTERPRISE, 130)).status).toBe('pending');
  });

  it('needs a reason to change the photo after approval and sends the guest back to review', async () => {
    const c = await caller(t, ENTERPRISE);
    const pending = await addGuest(c, t, ENTERPRISE, 140);
    const newPhoto = await uploadedFile(t, ENTERPRISE);
    const early = await c.put(`qms/guest/${pending.id}/photo`, { photo: newPhoto, reason: '照片过旧' });
    expect(early.body.msg).toBe('Photo change failed');

    const approved = await addGuest(c, t, ENTERPRISE, 141, { inviteCode: 'INVITE2025A' });
    const noReason = await c.put(`qms/guest/${approved.id}/photo`, { photo: newPhoto });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fieldErrors?.map((f) => f.pointer)).toEqual(['/reason']);
    const current = (await detail(c, approved.id)).document.photo as string;
    expect((await c.put(`qms/guest/${approved.id}/photo`, { photo: current, reason: '更换' })).body.msg).toBe('Please upload a new photo');
    expect((await c.put(`qms/guest/${approved.id}/photo`, { photo: 'someone-elses', reason: '更换' })).body.msg).toBe(
      'Photo change failed',
    );
    const changed = await c.put<GuestSummary>(`qms/guest/${approved.id}/photo`, { photo: newPhoto, reason: '照片过旧' });
    expect(changed.body.data.status).toBe('pending');
    expect((await detail(c, approved.id)).document.photo).toBe(newPhoto);
  });

  it('lets only organisers set the reception; the unit reads it', async () => {
    const c = await caller(t, ENTERPRISE);
    const guest = await addGuest(c, t, ENTERPRISE, 150, { inviteCode: 'INVITE2025A' });
    const reception = { stations: [{ place: '青岛北站', receptionistName: '刘接待', receptionistPhone: '13700000000' }] };
    expect((await c.put(`admin/guest/${guest.id}/reception`, reception)).status).toBe(403);
    const organiser = await caller(t, ORGANISER);
    expect((await organiser.put(`admin/guest/${guest.id}/reception`, reception)).status).toBe(200);
    // the receptionist's mobile is answered masked (issue 18)
    expect((await detail(c, guest.id)).reception).toEqual({ stations: [{ ...reception.stations[0], receptionistPhone: '137****0000' }] });
  });

  it('saves the attendance intention while sign-up is open', async () => {
    const c = await caller(t, ENTERPRISE);
    const guest = await addGuest(c, t, ENTERPRISE, 160);
    const saved = await c.put(`qms/guest/${guest.id}/intention`, { wantsToExhibit: true, unitsToMeet: ['示例公司'] });
    expect(saved.status).toBe(200);
    expect((await detail(c, guest.id)).intention).toEqual({ wantsToExhibit: true, unitsToMeet: ['示例公司'] });
    expect((await c.put(`qms/guest/${guest.id}/intention`, { personalisedNeeds: 'x'.repeat(501) })).status).toBe(400);
  });
});
