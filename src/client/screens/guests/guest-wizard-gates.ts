import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DISPLAY_TIME_ZONE } from '../../../shared/constants';
import type { EditionData, GuestDetail } from '../../../shared/guest-api';
import type { StepAccess, WizardContext, WizardStepDeclaration } from '../../engine/wizard/wizard-types';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The guest wizard's context: the guest (response-guest-detail) and the edition's switches. */
export interface GuestWizardContext extends WizardContext<GuestDetail> {
  edition: EditionData;
}

/** Today as YYYY-MM-DD in Asia/Shanghai: the edition's dates are dates there (as on the server). */
export function todayInShanghai(now: Date = new Date()): string {
  return dayjs(now).tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DD');
}

/** Whether the step's part of the guest has been saved (drives how far the stepper lets you jump). */
export function guestStepDone(step: WizardStepDeclaration, detail: GuestDetail | null): boolean {
  if (!detail) return false;
  if (step.source === 'intention') return detail.intention !== null;
  if (step.source === 'itinerary') return detail.itineraryDone || detail.itinerary !== null;
  // the document exists with the guest; panels (entourage) are optional: done once the guest exists
  return true;
}

/**
 * The gates of GuestDetail.gates as the screens show them: the server decides, the client
 * only explains. A new guest depends on the edition's switches alone.
 */
export function guestStepAccess(step: WizardStepDeclaration, { edition, detail }: GuestWizardContext, today = todayInShanghai()): StepAccess {
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
  const gate = step.editableWhen as keyof GuestDetail['gates'] | undefined;
  if (!gate || detail.gates[gate]) return { editable: true };
  switch (gate) {
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
