import { apiPaths } from '../../../shared/api-paths';
import { http } from '../../api/app-http-client';
import type { FormData, Operation } from '../../engine/operation-types';
import { getSession } from '../../session/session-store';

/** Drops values the user never filled so optional fields stay absent. */
function compact(formData: FormData): FormData {
  return Object.fromEntries(Object.entries(formData).filter(([, value]) => value !== undefined && value !== ''));
}

/** Named calls of the sign-in and account form declarations (ui-schemas/screens). */
export const accountOperations: Record<string, Operation> = {
  signInPassword: (data) => http.request('post', apiPaths.login, { json: compact(data), retryWhenBusy: true }),
  signInCode: (data) => http.request('post', apiPaths.securityCodeLogin, { json: compact(data), retryWhenBusy: true }),
  register: (data) => http.request('post', apiPaths.register, { json: compact(data) }),
  resetPassword: (data) => http.request('put', apiPaths.resetPassword, { json: compact(data) }),
  // in the body, never the URL (SPEC's query form is still accepted): proxies and browsers log URLs
  changePassword: (data) => http.request('put', apiPaths.changePassword, { json: compact(data) }),
  changeAccount: (data) => http.request('put', apiPaths.changeAccount, { json: compact(data) }),
  currentAccount: async () => ({ account: getSession().account }),
};
