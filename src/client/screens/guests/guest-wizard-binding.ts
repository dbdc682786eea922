import { guestApi } from '../../api/guest-endpoints';
import { openGuestInCurrentVersion } from './guest-record-upgrade';
import { findDeclaration } from '../../engine/declaration-catalogue';
import type { WizardBinding, WizardDeclaration } from '../../engine/wizard/wizard-types';
import type { GuestDetail } from '../../../shared/guest-api';
import { guestStepAccess, guestStepDone, type GuestWizardContext } from './guest-wizard-gates';

type Document = Record<string, unknown>;

function requireId(recordId: string | null): string {
  if (!recordId) throw new Error('this step needs a saved guest');
  return recordId;
}

/** The save calls the guest-registration wizard declaration names. */
const saves: Record<string, (recordId: string | null, data: Document) => Promise<string>> = {
  saveGuestBasic: async (recordId, data) => {
    if (recordId) {
      await guestApi.saveGuest(recordId, data);
      return recordId;
    }
    return (await guestApi.addGuest(data)).id;
  },
  saveGuestIntention: async (recordId, data) => {
    const id = requireId(recordId);
    await guestApi.saveIntention(id, data);
    return id;
  },
  saveGuestItinerary: async (recordId, data) => {
    const id = requireId(recordId);
    await guestApi.saveItinerary(id, data);
    return id;
  },
};

/** The wizard's link to the real API (src/shared/guest-api.ts). */
export const guestWizardBinding: WizardBinding<GuestDetail, GuestWizardContext> = {
  load: async (recordId) => {
    const [edition, detail] = await Promise.all([guestApi.currentEdition(), recordId ? guestApi.guest(recordId) : Promise.resolve(null)]);
    return detail ? { edition, ...(await openGuestInCurrentVersion(detail)) } : { edition, detail };
  },
  save: (saveName, recordId, data) => {
    const save = saves[saveName];
    return save ? save(recordId, data) : Promise.reject(new Error(`unknown wizard save "${saveName}"`));
  },
  stepDone: guestStepDone,
  access: guestStepAccess,
};

/** A wizard declaration from ui-schemas/screens (the catalogue holds every declaration kind). */
export function findWizard(id: string): WizardDeclaration {
  const declaration = findDeclaration(id) as unknown as WizardDeclaration | undefined;
  if (declaration?.kind !== 'wizard') throw new Error(`no wizard declaration "${id}"`);
  return declaration;
}
