import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DISPLAY_TIME_ZONE } from '../../../shared/constants';
import type { GuestDetail } from '../../../shared/guest-api';
import type { WizardContext, WizardStepDeclaration } from './wizard-types';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Today as YYYY-MM-DD in Asia/Shanghai: the edition's dates are dates there (as on the server). */
export function todayInShanghai(now: Date = new Date()): string {
  return dayjs(now).tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DD');
}

export interface StepAccess {
  /** the user may edit and save the step */
  editable: boolean;
  /** why not (client namespace key), with its parameters */
  reasonKey?: string;
  reasonParams?: Record<string, unknown>;
}

/** Whether the step's part of the record has been saved (drives how far the stepper lets you jump). */
export function stepDone(step: WizardStepDeclaration, detail: GuestDetail | null): boolean {
  if (!detail) return false;
  if (step.source === 'document') return true;
  if (step.source === 'intention') return detail.intention !== null;
  if (step.source === 'itinerary') return detail.itineraryDone || detail.itinerary !== null;
  // panels (entourage) are optional: done once the record exists
  return true;
}

/** Index of the furthest step the user may open: the first step not done yet (or the last). */
export function furthestReachable(steps: WizardStepDeclaration[], detail: GuestDetail | null): number {
  const firstOpen = steps.findIndex((step) => !stepDone(step, detail));
  return firstOpen === -1 ? steps.length - 1 : firstOpen;
}

/**
 * The gates of GuestDetail.gates as the screens show them: the server decides, the client
 * only explains. A new record depends on the edition's switches alone.
 */
export function stepAccess(step: WizardStepDeclaration, { edition, detail }: WizardContext, today = todayInShanghai()): StepAccess {
  if (!detail) {
    if (!edition.guestRegistrationEnabled) return { editable: false, reasonKey: 'guest.gates.registrationDisabled' };
    if (edition.signUpClosed) return { editable: false, reasonKey: 'guest.gates.signUpClosed' };
    if (today < edition.registrationStart || today > edition.registrationEnd) {
      return {
        editable: false,
        reasonKey: 'guest.gates.outsideWindow',
        reasonParams: { start: edition.registrationStart, end: edition.registrationEnd },
      };
    }
    if (edition.inviteCodeRequired) return { editable: true, reasonKey: 'guest.gates.inviteCodeRequired' };
    return { editable: true };
  }
  if (!step.editableWhen || detail.gates[step.editableWhen]) return { editable: true };
  switch (step.editableWhen) {
    case 'canManageEntourage':
      if (detail.status !== 'approved') return { editable: false, reasonKey: `guest.gates.needsApproval.${detail.status}` };
      return { editable: false, reasonKey: 'guest.gates.signUpClosed' };
    case 'canEditItinerary':
      if (detail.status === 'rejected') return { editable: false, reasonKey: 'guest.gates.rejected' };
      return { editable: false, reasonKey: 'guest.gates.itineraryDeadline', reasonParams: { date: edition.itineraryDeadline } };
    default:
      if (edition.signUpClosed) return { editable: false, reasonKey: 'guest.gates.signUpClosed' };
      if (detail.status === 'approved') return { editable: false, reasonKey: 'guest.gates.approvedLocked' };
      return { editable: false, reasonKey: 'guest.gates.locked' };
  }
}

/** The wizard may finish once every step marked requiredToFinish is done. */
export function missingBeforeFinish(steps: WizardStepDeclaration[], detail: GuestDetail | null): WizardStepDeclaration[] {
  return steps.filter((step) => step.requiredToFinish && !stepDone(step, detail));
}
