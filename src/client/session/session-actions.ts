import i18next from 'i18next';
import { UNAUTHORISED_RELOAD_MS } from '../../shared/constants';
import { api } from '../api/endpoints';
import { clearAllDrafts } from '../engine/wizard/draft-store';
import { ApiError } from '../api/api-error';
import { showToast } from '../feedback/feedback-store';
import { ERROR_TOAST_MS } from '../../shared/constants';
import { navigateTo } from '../router/navigator';
import { pageLocation } from '../util/page-location';
import { getSession, updateSession } from './session-store';
import { leaveSignedOutNotice } from './signed-out-notice';
import { clearToken, readToken, writeToken } from './token-cookie';

/** The role is always admin after sign-in; menus come from the server (SPEC section 6). */
const SIGNED_IN_ROLES = ['admin'];

let loading: Promise<boolean> | null = null;

/**
 * SPEC section 4: with a token, fetch login info and the menu tree, then the routes appear.
 * On failure the token is cleared and the user goes to /login with the error.
 */
export function loadSessionDetails(): Promise<boolean> {
  loading ??= (async () => {
    try {
      const [info, menu] = await Promise.all([api.loginInfo(), api.userMenuTree()]);
      if (menu.length === 0) {
        showToast(i18next.t('session.unauthorised'), 'error', UNAUTHORISED_RELOAD_MS);
        clearSession();
        window.setTimeout(() => pageLocation.reload(), UNAUTHORISED_RELOAD_MS);
        return false;
      }
      updateSession({
        token: readToken(),
        account: info.user.account,
        name: info.user.name || info.user.account,
        roles: SIGNED_IN_ROLES,
        userType: info.user.userType,
        permissions: info.permissions,
        menu,
      });
      return true;
    } catch (error) {
      const message = error instanceof ApiError ? error.message : String(error);
      clearSession();
      if (!(error instanceof ApiError)) showToast(message, 'error', ERROR_TOAST_MS);
      navigateTo('/login', { replace: true });
      return false;
    } finally {
      loading = null;
    }
  })();
  return loading;
}

/** Stores the token of a successful sign-in and loads the session. */
export async function signIn(token: string): Promise<boolean> {
  // the cookie first (the API client reads it), the session state once the details are in
  writeToken(token);
  return loadSessionDetails();
}

function clearSession(): void {
  clearToken();
  updateSession({ token: undefined, roles: [], permissions: [], account: '', name: '', userType: null, menu: null, unreadCount: 0, accountDelivery: false });
}

/** SPEC section 4: logout clears token, roles and the delivery flag, resets the routes and goes to /login. */
export async function logout(options: { serverSessionEnded?: boolean; noticeKey?: string } = {}): Promise<void> {
  try {
    // a session the server ended answers 401: nothing left to revoke
    if (getSession().token && !options.serverSessionEnded) await api.logout();
  } catch {
    // the local session ends whatever the server says
  }
  clearSession();
  clearAllDrafts();
  if (options.noticeKey) leaveSignedOutNotice(options.noticeKey);
  // a fresh page load is the reset: routes, screens and caches of the old session are gone
  pageLocation.replace('/login');
}

export async function refreshUnreadCount(): Promise<void> {
  try {
    const count = await api.unreadNoticeCount();
    updateSession({ unreadCount: Number(count) || 0 });
  } catch {
    // the failure policy already told the user
  }
}
