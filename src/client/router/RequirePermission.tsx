import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { usePermission } from '../session/permission-guard';

/** A menu route that names permissions: without one of them the user sees /403. */
export function RequirePermission({ anyOf, children }: { anyOf: string[]; children: ReactNode }) {
  return usePermission(anyOf) ? <>{children}</> : <Navigate to="/403" replace />;
}
