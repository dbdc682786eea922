import type { EditionAnswer, GuestDetail } from '../../../shared/guest-api';
import { gateAccess } from '../../engine/wizard/wizard-gates';
import type { StepAccess, WizardContext, WizardStepDeclaration } from '../../engine/wizard/wizard-types';

/** The guest wizard's context: the guest (response-guest-detail) and the edition as answered. */
export interface GuestWizardContext extends WizardContext<GuestDetail> {
  edition: EditionAnswer;
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
 * The server decides and explains every gate: a new guest follows the edition's add-guest
 * gate (open, it may still say an invitation code is required), a saved one the step's gate
 * in GuestDetail.gates with its reason from GuestDetail.gateReasons.
 */
export function guestStepAccess(step: WizardStepDeclaration, context: GuestWizardContext): StepAccess {
  if (context.detail) return upgradeFixAccess(step, context) ?? gateAccess(step, context);
  const { open, reasonKey, reasonParams } = context.edition.addGuestGate;
  return { editable: open, ...(reasonKey ? { reasonKey } : {}), ...(reasonParams ? { reasonParams } : {}) };
}

/** The reason the server gives for an approved guest's locked basic information. */
const APPROVED_LOCK = 'guest.gates.approvedLocked';

/**
 * An approved guest saved under an older form version: the locked basic step still lets the
 * unit change exactly the fields the current version flags (the server accepts that save and
 * nothing more), or the record could never be brought up to date.
 */
function upgradeFixAccess(step: WizardStepDeclaration, context: GuestWizardContext): StepAccess | undefined {
  const locked = gateAccess(step, context);
  const problems = step.source ? context.upgrades?.[step.source]?.problems : undefined;
  if (locked.editable || locked.reasonKey !== APPROVED_LOCK || !problems?.length) return undefined;
  const onlyFields = [...new Set(problems.map((problem) => problem.pointer.split('/')[1] ?? ''))].filter(Boolean);
  return { editable: true, onlyFields, reasonKey: 'guest.gates.approvedUpgradeOnly' };
}
