import i18next from 'i18next';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { GuestSummary } from '../../../shared/guest-api';
import { guestApi } from '../../api/guest-endpoints';
import { askConfirm, showToast } from '../../feedback/feedback-store';
import { translateKey } from '../../i18n/translate-key';

/**
 * Attendance actions of a guest (SPEC section 4): confirm attend / not attend, cancel with a
 * confirmation, deregister with a confirmation. Resolve true when something changed; failures
 * were already shown by the API client.
 */
async function confirmed(action: 'cancel' | 'deregister', guest: GuestSummary): Promise<boolean> {
  return askConfirm({
    title: translateKey(`guest.actions.${action}Title`),
    message: translateKey(`guest.actions.${action}Message`, { name: guest.nameZh }),
    confirmLabel: translateKey(`guest.actions.${action}`),
    cancelLabel: i18next.t('common.cancel', { ns: 'client' }),
  });
}

async function attempt(call: () => Promise<unknown>, doneKey: string): Promise<boolean> {
  try {
    await call();
    showToast(translateKey(doneKey), 'success', ERROR_TOAST_MS);
    return true;
  } catch {
    return false;
  }
}

export const guestActions = {
  attend: (guest: GuestSummary, attend: boolean) =>
    attempt(() => guestApi.confirmAttendance(guest.id, { attend }), attend ? 'guest.actions.attendDone' : 'guest.actions.notAttendDone'),
  cancel: async (guest: GuestSummary) => (await confirmed('cancel', guest)) && attempt(() => guestApi.cancelAttendance(guest.id), 'guest.actions.cancelDone'),
  deregister: async (guest: GuestSummary) =>
    (await confirmed('deregister', guest)) && attempt(() => guestApi.deregister(guest.id), 'guest.actions.deregisterDone'),
};
