import type { EditionData, GuestDetail } from '../../shared/guest-api.js';
import { AppError } from '../http/app-error.js';

export interface GateInput {
  status: string;
  itineraryDone: boolean;
  entourageCount: number;
}

/**
 * What the server allows now for one guest; the same answer is sent to the screens
 * (GuestDetail.gates) and enforced by every write. `today` is the Asia/Shanghai date.
 */
export function gatesOf(edition: EditionData, today: string, guest: GateInput): GuestDetail['gates'] {
  const approved = guest.status === 'approved';
  const beforeDeadline = today <= edition.itineraryDeadline;
  return {
    canEditBasic: !edition.signUpClosed && !approved,
    canManageEntourage: approved && !edition.signUpClosed,
    canEditItinerary: guest.status !== 'rejected' && beforeDeadline,
    canSignUpActivities: approved && guest.itineraryDone && beforeDeadline,
    canEditEpidemicInfo: approved,
    entourageFull: guest.entourageCount >= edition.entourageCap,
  };
}

export function assertCanEditBasic(edition: EditionData, status: string): void {
  if (edition.signUpClosed) throw new AppError('signUpClosed');
  if (status === 'approved') throw new AppError('basicInfoLocked');
}

export function assertCanManageEntourage(edition: EditionData, status: string): void {
  if (edition.signUpClosed) throw new AppError('signUpClosed');
  if (status !== 'approved') throw new AppError('notApproved');
}

/** Epidemic-prevention information: like the entourage, only for approved guests. */
export function assertCanEditEpidemicInfo(status: string): void {
  if (status !== 'approved') throw new AppError('notApproved');
}

/**
 * Confirming attendance ("attend") is a promise the organisers plan on: only an approved
 * guest may give it, and only a complete one: SPEC 4 "the guest must fill in the itinerary
 * before continuing" (the wizard's last button is not the only gate). Saying "will not
 * attend" stays open in every state.
 */
export function assertCanConfirmAttendance(status: string, itineraryDone: boolean): void {
  if (status !== 'approved') throw new AppError('notApproved');
  if (!itineraryDone) throw new AppError('itineraryRequired');
}

export function assertCanEditItinerary(edition: EditionData, today: string, status: string): void {
  if (today > edition.itineraryDeadline) throw new AppError('itineraryClosed', { deadline: edition.itineraryDeadline });
  if (status === 'rejected') throw new AppError('guestRejected');
}

/**
 * Adding a guest: the service must be on, sign-up open and `today` (Asia/Shanghai date of
 * the injectable clock) inside the edition's registration window, both ends inclusive.
 */
export function assertCanAddGuest(edition: EditionData, today: string): void {
  if (!edition.guestRegistrationEnabled) throw new AppError('guestRegistrationDisabled');
  if (edition.signUpClosed) throw new AppError('signUpClosed');
  if (today < edition.registrationStart || today > edition.registrationEnd) {
    throw new AppError('outsideRegistrationWindow', { start: edition.registrationStart, end: edition.registrationEnd });
  }
}
