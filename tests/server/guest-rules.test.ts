import { describe, expect, it } from 'vitest';
import { shanghaiDate } from '../../src/server/clock.js';
import { AppError } from '../../src/server/http/app-error.js';
import {
  assertCanAddGuest,
  assertCanConfirmAttendance,
  assertCanEditBasic,
  assertCanEditEpidemicInfo,
  assertCanEditItinerary,
  assertCanManageEntourage,
  assertCanSignUpActivities,
  assertEntourageRoom,
  decideAddGuest,
  decideGuestGates,
  gateReasonsOf,
  gatesOf as gatesOfDecisions,
  type GateInput,
} from '../../src/server/features/guests/guest-gates.js';
import { idNumberHash, maskIdNumber } from '../../src/server/features/guests/id-numbers.js';
import type { EditionData } from '../../src/shared/guest-api.js';

const edition: EditionData = {
  id: 'e',
  year: 2027,
  name: 'x',
  registrationStart: '2027-05-06',
  registrationEnd: '2027-07-31',
  itineraryDeadline: '2027-09-28',
  conferenceStart: '2027-06-18',
  conferenceEnd: '2027-06-20',
  entourageCap: 2,
  guestRegistrationEnabled: true,
  signUpClosed: false,
  inviteCodeRequired: false,
};

const gatesOf = (e: EditionData, today: string, guest: GateInput) => gatesOfDecisions(decideGuestGates(e, today, guest));
const reasonsOf = (e: EditionData, today: string, guest: GateInput) => gateReasonsOf(decideGuestGates(e, today, guest));

/** The error code a write gets, or null when it passes. */
function refusal(write: () => void): string | null {
  try {
    write();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.name_;
    throw error;
  }
}

describe('guest rules', () => {
  it('masks ID numbers: first 6, asterisks, last 4; short numbers keep less in clear', () => {
    expect(maskIdNumber('370202198001011234')).toBe('370202********1234');
    expect(maskIdNumber('E12345678')).toBe('E1*****78');
    expect(maskIdNumber('A12')).toBe('***');
  });

  it('treats case and blanks as the same person', () => {
    expect(idNumberHash(' 11010519491231002x ')).toBe(idNumberHash('11010519491231002X'));
  });

  it('takes the date in Asia/Shanghai', () => {
    expect(shanghaiDate(new Date('2027-09-28T15:59:59.999Z'))).toBe('2027-09-28');
    expect(shanghaiDate(new Date('2027-09-28T16:00:00.000Z'))).toBe('2027-09-29');
  });

  it('opens entourage and activities only to approved guests, itinerary until the deadline', () => {
    expect(gatesOf(edition, '2027-06-01', { status: 'pending', itineraryDone: true, entourageCount: 0 })).toEqual({
      canEditBasic: true,
      canManageEntourage: false,
      canEditItinerary: true,
      canSignUpActivities: false,
      canEditEpidemicInfo: false,
      canConfirmAttendance: false,
      entourageFull: false,
    });
    expect(
      gatesOf({ ...edition, signUpClosed: true }, '2027-09-28', { status: 'approved', itineraryDone: true, entourageCount: 2 }),
    ).toEqual({
      canEditBasic: false,
      canManageEntourage: false,
      canEditItinerary: true,
      canSignUpActivities: true,
      canEditEpidemicInfo: true,
      canConfirmAttendance: true,
      entourageFull: true,
    });
    expect(gatesOf(edition, '2027-09-29', { status: 'approved', itineraryDone: true, entourageCount: 0 })).toMatchObject({
      canEditItinerary: false,
      canSignUpActivities: false,
    });
    expect(gatesOf(edition, '2027-06-01', { status: 'rejected', itineraryDone: false, entourageCount: 0 })).toMatchObject({
      canEditBasic: true,
      canEditItinerary: false,
    });
  });

  it('says why each shut gate is shut, and only for shut gates', () => {
    expect(reasonsOf(edition, '2027-06-01', { status: 'approved', itineraryDone: true, entourageCount: 0 })).toEqual({
      canEditBasic: { reasonKey: 'guest.gates.approvedLocked' },
    });
    expect(reasonsOf(edition, '2027-06-01', { status: 'pending', itineraryDone: false, entourageCount: 2 })).toEqual({
      canManageEntourage: { reasonKey: 'guest.gates.needsApproval.pending' },
      canSignUpActivities: { reasonKey: 'guest.gates.activitiesNeedApproval' },
      canEditEpidemicInfo: { reasonKey: 'guest.gates.epidemicNeedsApproval' },
      canConfirmAttendance: { reasonKey: 'guest.gates.attendNeedsApproval' },
      entourageFull: { reasonKey: 'guest.gates.entourageFull', reasonParams: { cap: 2 } },
    });
    expect(
      reasonsOf({ ...edition, signUpClosed: true }, '2027-09-29', { status: 'rejected', itineraryDone: false, entourageCount: 0 }),
    ).toMatchObject({
      canEditBasic: { reasonKey: 'guest.gates.signUpClosed' },
      canManageEntourage: { reasonKey: 'guest.gates.signUpClosed' },
      canEditItinerary: { reasonKey: 'guest.gates.itineraryDeadline', reasonParams: { deadline: '2027-09-28' } },
    });
    expect(reasonsOf(edition, '2027-06-01', { status: 'approved', itineraryDone: false, entourageCount: 0 }).canSignUpActivities).toEqual({
      reasonKey: 'guest.gates.itineraryFirst',
    });
    expect(reasonsOf(edition, '2027-06-01', { status: 'rejected', itineraryDone: false, entourageCount: 0 }).canEditItinerary).toEqual({
      reasonKey: 'guest.gates.rejected',
    });
    // attendance: approval first, then the itinerary; neither the edition's dates nor sign-up matter
    expect(reasonsOf(edition, '2027-06-01', { status: 'approved', itineraryDone: false, entourageCount: 0 }).canConfirmAttendance).toEqual({
      reasonKey: 'guest.gates.attendItineraryFirst',
    });
    expect(
      reasonsOf({ ...edition, signUpClosed: true }, '2027-09-29', { status: 'approved', itineraryDone: true, entourageCount: 0 })
        .canConfirmAttendance,
    ).toBeUndefined();
  });

  it('refuses a write exactly when its gate is shown shut, with the error of the reason shown', () => {
    const cases: Array<[EditionData, string, string]> = [];
    for (const e of [edition, { ...edition, signUpClosed: true }]) {
      for (const today of ['2027-06-01', '2027-09-29'])
        for (const status of ['pending', 'approved', 'rejected']) cases.push([e, today, status]);
    }
    const errorOf: Record<string, string> = {
      'guest.gates.signUpClosed': 'signUpClosed',
      'guest.gates.approvedLocked': 'basicInfoLocked',
      'guest.gates.needsApproval.pending': 'notApproved',
      'guest.gates.needsApproval.rejected': 'notApproved',
      'guest.gates.epidemicNeedsApproval': 'notApproved',
      'guest.gates.itineraryDeadline': 'itineraryClosed',
      'guest.gates.rejected': 'guestRejected',
      'guest.gates.entourageFull': 'entourageFull',
      'guest.gates.activitiesDeadline': 'activityDeadlinePassed',
      'guest.gates.activitiesNeedApproval': 'notApproved',
      'guest.gates.itineraryFirst': 'itineraryRequired',
      'guest.gates.attendNeedsApproval': 'notApproved',
      'guest.gates.attendItineraryFirst': 'itineraryRequired',
    };
    for (const [e, today, status] of cases) {
      for (const [entourageCount, itineraryDone] of [
        [0, true],
        [2, false],
        [0, false],
      ] as const) {
        const guest = { status, itineraryDone, entourageCount };
        const gates = gatesOf(e, today, guest);
        const reasons = reasonsOf(e, today, guest);
        const writes = {
          canEditBasic: refusal(() => assertCanEditBasic(e, status)),
          canManageEntourage: refusal(() => assertCanManageEntourage(e, status)),
          canEditItinerary: refusal(() => assertCanEditItinerary(e, today, status)),
          canSignUpActivities: refusal(() => assertCanSignUpActivities(e, today, status, itineraryDone)),
          canEditEpidemicInfo: refusal(() => assertCanEditEpidemicInfo(status)),
          canConfirmAttendance: refusal(() => assertCanConfirmAttendance(status, itineraryDone)),
          entourageFull: refusal(() => assertEntourageRoom(e, entourageCount)),
        };
        for (const [gate, refused] of Object.entries(writes) as Array<[keyof typeof writes, string | null]>) {
          const shut = gate === 'entourageFull' ? gates.entourageFull : !gates[gate];
          expect(refused, `${gate} ${status} ${today}`).toBe(shut ? errorOf[reasons[gate]!.reasonKey] : null);
        }
      }
    }
  });

  it('decides adding a guest once: the edition answer and the add agree', () => {
    const window = { ...edition, registrationStart: '2027-05-06', registrationEnd: '2027-07-31' };
    expect(decideAddGuest(window, '2027-05-06')).toEqual({ open: true });
    expect(decideAddGuest({ ...window, inviteCodeRequired: true }, '2027-05-06')).toEqual({
      open: true,
      reasonKey: 'guest.gates.inviteCodeRequired',
    });
    expect(decideAddGuest(window, '2027-08-01')).toMatchObject({
      open: false,
      reasonKey: 'guest.gates.outsideWindow',
      reasonParams: { start: '2027-05-06', end: '2027-07-31' },
    });
    expect(refusal(() => assertCanAddGuest(window, '2027-08-01'))).toBe('outsideRegistrationWindow');
    expect(decideAddGuest({ ...window, signUpClosed: true }, '2027-06-01')).toMatchObject({
      open: false,
      reasonKey: 'guest.gates.signUpClosed',
    });
    expect(refusal(() => assertCanAddGuest({ ...window, signUpClosed: true }, '2027-06-01'))).toBe('signUpClosed');
    expect(decideAddGuest({ ...window, guestRegistrationEnabled: false, signUpClosed: true }, '2027-06-01')).toMatchObject({
      open: false,
      reasonKey: 'guest.gates.registrationDisabled',
    });
    expect(refusal(() => assertCanAddGuest({ ...window, guestRegistrationEnabled: false }, '2027-06-01'))).toBe(
      'guestRegistrationDisabled',
    );
    expect(refusal(() => assertCanAddGuest(window, '2027-06-01'))).toBeNull();
  });
});
