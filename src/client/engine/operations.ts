import { apiPaths } from '../../shared/api-paths';
import { http } from '../api/app-http-client';
import { getSession } from '../session/session-store';
import { guestOperations } from './guest-operations';
import { listOperations } from './list-operations';
import { wishOperations } from './wish-operations';
import { temporaryOperations } from './temporary-operations';
import type { FormData, Operation, RouteParams } from './operation-types';

/** Query values travel as strings (the server's query schemas expect strings). */
function asSearchParams(formData: FormData): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(formData)) {
    if (value !== undefined && value !== null && value !== '') params[key] = String(value);
  }
  return params;
}

/** Drops values the user never filled so optional fields stay absent. */
function compact(formData: FormData): FormData {
  return Object.fromEntries(Object.entries(formData).filter(([, value]) => value !== undefined && value !== ''));
}

/**
 * Named calls a screen declaration can use for `load` and `submit` (SPEC section 7). A new
 * form screen reuses these; a new call is one line here.
 */
export const operations: Record<string, Operation> = {
  signInPassword: (data) => http.request('post', apiPaths.login, { json: compact(data) }),
  signInCode: (data) => http.request('post', apiPaths.securityCodeLogin, { json: compact(data) }),
  register: (data) => http.request('post', apiPaths.register, { json: compact(data) }),
  resetPassword: (data) => http.request('put', apiPaths.resetPassword, { json: compact(data) }),
  changePassword: (data) => http.request('put', apiPaths.changePassword, { searchParams: asSearchParams(data) }),
  changeAccount: (data) => http.request('put', apiPaths.changeAccount, { json: compact(data) }),
  currentAccount: async () => ({ account: getSession().account }),
  ...guestOperations,
  ...wishOperations,
  ...temporaryOperations,
  ...listOperations,
};

export function runOperation(name: string, formData: FormData, params: RouteParams = {}): Promise<unknown> {
  const operation = operations[name];
  if (!operation) return Promise.reject(new Error(`unknown operation "${name}"`));
  return operation(formData, params);
}
