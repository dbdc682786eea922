import i18next from 'i18next';
import { ERROR_TOAST_MS } from '../../shared/constants';
import { showToast } from '../feedback/feedback-store';
import { safeRedirectTarget } from '../router/guard-rules';
import { navigateTo } from '../router/navigator';
import { logout, signIn } from '../session/session-actions';
import type { RouteParams } from './operation-types';
import type { SuccessBehaviour } from './screen-types';

/** `/guests/:id` with the form's route params filled in (codegen checked the route has them). */
function withParams(to: string, params: RouteParams): string {
  return to.replace(/:([A-Za-z0-9_]+)/g, (whole, name: string) => (params[name] !== undefined ? encodeURIComponent(params[name]) : whole));
}

/** What a declared form does after its submit operation succeeded. */
export async function runSuccess(behaviour: SuccessBehaviour, result: unknown, search: string, params: RouteParams = {}): Promise<void> {
  // a logout reloads the page: its message waits for the sign-in page instead of a toast
  if (behaviour.toastKey && behaviour.action !== 'logout') showToast(i18next.t(behaviour.toastKey), 'success', ERROR_TOAST_MS);
  switch (behaviour.action) {
    case 'signIn': {
      // the answer set the session cookie; its data is only a marker
      if (await signIn()) {
        navigateTo(safeRedirectTarget(new URLSearchParams(search).get('redirect')), { replace: true });
      }
      return;
    }
    case 'logout':
      await logout({ serverSessionEnded: behaviour.sessionEnded === true, noticeKey: behaviour.toastKey });
      return;
    case 'navigate':
      navigateTo(withParams(behaviour.to ?? '/', params));
      return;
    case 'stay':
      return;
  }
}
