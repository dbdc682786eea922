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
import { clearSignedInMarker } from './signed-in-marker';

/** The role is always admin after sign-in; menus come from the server (SPEC section 6). */
const SIGNED_IN_ROLES = ['admin'];

let loading: Promise<boolean> | null = null;

/**
 * SPEC section 4: with a session, fetch login info and the menu tree, then the routes appear.
 * On failure the session is forgotten and the user goes to /login with the error.
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
        signedIn: true,
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

/**
 * After a successful sign-in: the server's answer has set the session cookie (HttpOnly, never
 * seen here) and its marker; the session details are loaded with that cookie.
 */
export async function signIn(): Promise<boolean> {
  // the session state changes once the details are in (the routes then switch in one step)
  return loadSessionDetails();
}

function clearSession(): void {
  clearSignedInMarker();
  updateSession({
    signedIn: false,
    roles: [],
    permissions: [],
    account: '',
    name: '',
    userType: null,
    menu: null,
    unreadCount: 0,
    accountDelivery: false,
  });
}

/** SPEC section 4: logout ends the session (the server expires its cookie), clears roles and the delivery flag, resets the routes and goes to /login. */
export async function logout(options: { serverSessionEnded?: boolean; noticeKey?: string } = {}): Promise<void> {
  try {
    // a session the server ended answers 401: nothing left to revoke
    if (getSession().signedIn && !options.serverSessionEnded) await api.logout();
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
