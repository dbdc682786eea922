import type { ReactNode } from 'react';
import { getSession, useSession } from './session-store';

/** Held by organisers: every permission. */
const ALL_PERMISSIONS = '*:*:*';

/** True when the permissions contain one of `required`; throws unless `required` is an array (SPEC section 6). */
export function hasAnyPermission(permissions: readonly string[], required: unknown): boolean {
  if (!Array.isArray(required) || required.length === 0) {
    throw new Error('permission guard needs a non-empty array of permissions, e.g. ["guest:add"]');
  }
  if (permissions.includes(ALL_PERMISSIONS)) return true;
  return required.some((value) => permissions.includes(String(value)));
}

export function usePermission(required: string[]): boolean {
  const permissions = useSession((session) => session.permissions);
  return hasAnyPermission(permissions, required);
}

/** Renders its children only when the user holds one of the listed permissions. */
export function Permitted({ anyOf, children }: { anyOf: string[]; children: ReactNode }) {
  return usePermission(anyOf) ? <>{children}</> : null;
}

export function currentUserHasPermission(required: string[]): boolean {
  return hasAnyPermission(getSession().permissions, required);
}
