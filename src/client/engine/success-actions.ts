import i18next from 'i18next';
import { ERROR_TOAST_MS } from '../../shared/constants';
import { showToast } from '../feedback/feedback-store';
import { safeRedirectTarget } from '../router/guard-rules';
import { navigateTo } from '../router/navigator';
import { logout, signIn } from '../session/session-actions';
import type { SuccessBehaviour } from './screen-types';

/** What a declared form does after its submit operation succeeded. */
export async function runSuccess(behaviour: SuccessBehaviour, result: unknown, search: string): Promise<void> {
  if (behaviour.toastKey) showToast(i18next.t(behaviour.toastKey), 'success', ERROR_TOAST_MS);
  switch (behaviour.action) {
    case 'signIn': {
      if (typeof result !== 'string') throw new Error('sign-in did not return a token');
      if (await signIn(result)) {
        navigateTo(safeRedirectTarget(new URLSearchParams(search).get('redirect')), { replace: true });
      }
      return;
    }
    case 'logout':
      await logout();
      return;
    case 'navigate':
      navigateTo(behaviour.to ?? '/');
      return;
    case 'stay':
      return;
  }
}
