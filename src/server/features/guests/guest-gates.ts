import type { EditionData, GateDecision, GuestDetail } from '../../../shared/guest-api.js';
import type { ErrorName } from '../../../shared/error-catalogue.js';
import { AppError } from '../../http/app-error.js';

export interface GateInput {
  status: string;
  itineraryDone: boolean;
  entourageCount: number;
}

export type GateName = keyof GuestDetail['gates'];
type ReasonParams = Record<string, string | number>;

/** Why a gate is shut: the text the screens show (guest.gates.*) and the error a write gets. */
interface Closed {
  open: false;
  reasonKey: string;
  reasonParams?: ReasonParams;
  error: ErrorName;
}
/** An open gate may still carry a note (adding a guest: "an invitation code is required"). */
interface Open {
  open: true;
  reasonKey?: string;
  reasonParams?: ReasonParams;
}
export type Decision = Open | Closed;

const OPEN: Open = { open: true };

function closed(error: ErrorName, reasonKey: string, reasonParams?: ReasonParams): Closed {
  return reasonParams ? { open: false, reasonKey, reasonParams, error } : { open: false, reasonKey, error };
}

/** The first shut condition in order, or open: the order is the order a write checks them. */
function firstClosed(...conditions: Array<Closed | false>): Decision {
  return conditions.find((condition): condition is Closed => condition !== false) ?? OPEN;
}

const approvalFirst = (status: string, reasonKey: string): Closed | false => status !== 'approved' && closed('notApproved', reasonKey);
const signUpOpen = (edition: EditionData): Closed | false => edition.signUpClosed && closed('signUpClosed', 'guest.gates.signUpClosed');
const beforeDeadline = (edition: EditionData, today: string): Closed | false =>
  today > edition.itineraryDeadline && closed('itineraryClosed', 'guest.gates.itineraryDeadline', { deadline: edition.itineraryDeadline });

/**
 * Every gate of one guest, decided once: the answer (GuestDetail.gates and gateReasons) and
 * each write (the assert* wrappers below) read the same decision, so a gate shown shut and a
 * write refused cannot disagree. `today` is the Asia/Shanghai date. `entourageFull` is a flag,
 * not a permission: its decision is "room for one more member".
 */
export function decideGuestGates(edition: EditionData, today: string, guest: GateInput): Record<GateName, Decision> {
  return {
    canEditBasic: decideBasic(edition, guest.status),
    canManageEntourage: decideEntourage(edition, guest.status),
    canEditItinerary: decideItinerary(edition, today, guest.status),
    canSignUpActivities: decideActivities(edition, today, guest.status, guest.itineraryDone),
    canEditEpidemicInfo: decideEpidemicInfo(guest.status),
    canConfirmAttendance: decideConfirmAttendance(guest.status, guest.itineraryDone),
    entourageFull: decideEntourageRoom(edition, guest.entourageCount),
  };
}

function decideBasic(edition: EditionData, status: string): Decision {
  return firstClosed(signUpOpen(edition), status === 'approved' && closed('basicInfoLocked', 'guest.gates.approvedLocked'));
}

function decideEntourage(edition: EditionData, status: string): Decision {
  return firstClosed(signUpOpen(edition), approvalFirst(status, `guest.gates.needsApproval.${status}`));
}

function decideItinerary(edition: EditionData, today: string, status: string): Decision {
  return firstClosed(beforeDeadline(edition, today), status === 'rejected' && closed('guestRejected', 'guest.gates.rejected'));
}

/** In the order the sign-up checks them: the edition's deadline, then the guest. */
function decideActivities(edition: EditionData, today: string, status: string, itineraryDone: boolean): Decision {
  return firstClosed(
    today > edition.itineraryDeadline &&
      closed('activityDeadlinePassed', 'guest.gates.activitiesDeadline', { deadline: edition.itineraryDeadline }),
    approvalFirst(status, 'guest.gates.activitiesNeedApproval'),
    !itineraryDone && closed('itineraryRequired', 'guest.gates.itineraryFirst'),
  );
}

function decideEpidemicInfo(status: string): Decision {
  return firstClosed(approvalFirst(status, 'guest.gates.epidemicNeedsApproval'));
}

function decideEntourageRoom(edition: EditionData, entourageCount: number): Decision {
  return firstClosed(
    entourageCount >= edition.entourageCap && closed('entourageFull', 'guest.gates.entourageFull', { cap: edition.entourageCap }),
  );
}

/** GuestDetail.gates: the booleans (entourageFull is raised when there is no room). */
export function gatesOf(decisions: Record<GateName, Decision>): GuestDetail['gates'] {
  const { entourageFull, ...permissions } = decisions;
  const open = Object.fromEntries(Object.entries(permissions).map(([gate, decision]) => [gate, decision.open])) as Omit<
    GuestDetail['gates'],
    'entourageFull'
  >;
  return { ...open, entourageFull: !entourageFull.open };
}

/** GuestDetail.gateReasons: for each shut gate, why (the error code stays on the server). */
export function gateReasonsOf(decisions: Record<GateName, Decision>): GuestDetail['gateReasons'] {
  const reasons: GuestDetail['gateReasons'] = {};
  for (const [gate, decision] of Object.entries(decisions) as Array<[GateName, Decision]>) {
    if (!decision.open)
      reasons[gate] = decision.reasonParams
        ? { reasonKey: decision.reasonKey, reasonParams: decision.reasonParams }
        : { reasonKey: decision.reasonKey };
  }
  return reasons;
}

/** A decision as the answer sends it (edition.addGuestGate). */
export function gateDecisionAnswer(decision: Decision): GateDecision {
  const { open, reasonKey, reasonParams } = decision;
  return { open, ...(reasonKey ? { reasonKey } : {}), ...(reasonParams ? { reasonParams } : {}) };
}

/** Refuses a write whose gate is shut, with the error of the reason the screens show. */
export function enforce(decision: Decision): void {
  if (!decision.open) throw new AppError(decision.error, decision.reasonParams ?? {});
}

/**
 * `onlyUpgradeFixes`: the save changes only what the current form version requires of the stored
 * document (upgrade-fixes.ts); an approved guest's lock lets exactly that through.
 */
export function assertCanEditBasic(edition: EditionData, status: string, onlyUpgradeFixes = false): void {
  const decision = decideBasic(edition, status);
  if (!decision.open && decision.error === 'basicInfoLocked' && onlyUpgradeFixes) return;
  enforce(decision);
}

export function assertCanManageEntourage(edition: EditionData, status: string): void {
  enforce(decideEntourage(edition, status));
}

/** Epidemic-prevention information: like the entourage, only for approved guests. */
export function assertCanEditEpidemicInfo(status: string): void {
  enforce(decideEpidemicInfo(status));
}

export function assertEntourageRoom(edition: EditionData, entourageCount: number): void {
  enforce(decideEntourageRoom(edition, entourageCount));
}

/**
 * Confirming attendance ("attend") is a promise the organisers plan on: only an approved
 * guest may give it, and only a complete one: SPEC 4 "the guest must fill in the itinerary
 * before continuing" (the wizard's last button is not the only gate). Saying "will not
 * attend" stays open in every state. It needs no edition, so every guest summary carries it.
 */
export function decideConfirmAttendance(status: string, itineraryDone: boolean): Decision {
  return firstClosed(
    approvalFirst(status, 'guest.gates.attendNeedsApproval'),
    !itineraryDone && closed('itineraryRequired', 'guest.gates.attendItineraryFirst'),
  );
}

export function assertCanConfirmAttendance(status: string, itineraryDone: boolean): void {
  enforce(decideConfirmAttendance(status, itineraryDone));
}

/** A guest's activity sign-up (the activity's own window is the activity's rule). */
export function assertCanSignUpActivities(edition: EditionData, today: string, status: string, itineraryDone: boolean): void {
  enforce(decideActivities(edition, today, status, itineraryDone));
}

export function assertCanEditItinerary(edition: EditionData, today: string, status: string): void {
  enforce(decideItinerary(edition, today, status));
}

/**
 * Adding a guest: the service must be on, sign-up open and `today` (Asia/Shanghai date of
 * the injectable clock) inside the edition's registration window, both ends inclusive. Open,
 * it still says when an invitation code is required (the add refuses a guest without one).
 */
export function decideAddGuest(edition: EditionData, today: string): Decision {
  const decision = firstClosed(
    !edition.guestRegistrationEnabled && closed('guestRegistrationDisabled', 'guest.gates.registrationDisabled'),
    signUpOpen(edition),
    (today < edition.registrationStart || today > edition.registrationEnd) &&
      closed('outsideRegistrationWindow', 'guest.gates.outsideWindow', { start: edition.registrationStart, end: edition.registrationEnd }),
  );
  return decision.open && edition.inviteCodeRequired ? { open: true, reasonKey: 'guest.gates.inviteCodeRequired' } : decision;
}

export function assertCanAddGuest(edition: EditionData, today: string): void {
  enforce(decideAddGuest(edition, today));
}
