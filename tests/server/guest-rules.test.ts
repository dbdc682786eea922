import { describe, expect, it } from 'vitest';
import { shanghaiDate } from '../../src/server/services/clock.js';
import { gatesOf } from '../../src/server/services/guest-gates.js';
import { idNumberHash, maskIdNumber } from '../../src/server/services/id-numbers.js';
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
      entourageFull: false,
    });
    expect(gatesOf({ ...edition, signUpClosed: true }, '2027-09-28', { status: 'approved', itineraryDone: true, entourageCount: 2 })).toEqual({
      canEditBasic: false,
      canManageEntourage: false,
      canEditItinerary: true,
      canSignUpActivities: true,
      canEditEpidemicInfo: true,
      entourageFull: true,
    });
    expect(gatesOf(edition, '2027-09-29', { status: 'approved', itineraryDone: true, entourageCount: 0 })).toMatchObject({ canEditItinerary: false, canSignUpActivities: false });
    expect(gatesOf(edition, '2027-06-01', { status: 'rejected', itineraryDone: false, entourageCount: 0 })).toMatchObject({ canEditBasic: true, canEditItinerary: false });
  });
});
