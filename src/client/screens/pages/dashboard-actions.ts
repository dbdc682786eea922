import type { AccountType } from '../../../shared/api-types';

export interface DashboardAction {
  /** key under content.dashboard.actions */
  key: string;
  to: string;
  /** shown only when the account's permission list (from the server's menu set) has it */
  permission?: string;
  /** or only for these account types */
  accountTypes?: AccountType[];
}

/**
 * What the dashboard offers, most important first. Each entry needs what the server grants
 * the account (config/menus.json permissions), so every account sees only what it can do.
 */
export const DASHBOARD_ACTIONS: DashboardAction[] = [
  { key: 'unitInfo', to: '/unit', permission: 'unit:edit' },
  { key: 'guests', to: '/guests', permission: 'guest:view' },
  { key: 'myRegistration', to: '/myRegistration', permission: 'registration:view' },
  { key: 'review', to: '/admin/review', permission: 'review:decide' },
  { key: 'temporary', to: '/tempGroupWorkerRegister', accountTypes: ['staff'] },
  { key: 'temporary', to: '/tempGroupVolunteerRegister', accountTypes: ['volunteer'] },
  { key: 'downloads', to: '/downloads', permission: 'download:read' },
  { key: 'manageDownloads', to: '/downloads', permission: 'download:manage' },
  { key: 'vehicles', to: '/vehicles', permission: 'vehicle:manage' },
  { key: 'historicalGuests', to: '/historicalGuests', permission: 'history:read' },
  { key: 'investmentProjects', to: '/investmentProjects', permission: 'project:read' },
  { key: 'manageHistorical', to: '/historicalGuests', permission: 'history:manage' },
  { key: 'manageInvestment', to: '/investmentProjects', permission: 'project:manage' },
  { key: 'allVehicles', to: '/admin/vehicles', permission: 'vehicle:read' },
  { key: 'audit', to: '/admin/audit', permission: 'audit:read' },
  { key: 'edition', to: '/admin/edition', permission: 'edition:edit' },
  { key: 'notices', to: '/myNotice', permission: 'notice:read' },
];

export type DashboardKind = 'unit' | 'member' | 'guest' | 'organiser';

export function dashboardKindOf(userType: AccountType | null): DashboardKind {
  if (userType === 'organiser') return 'organiser';
  if (userType === 'guest') return 'guest';
  if (userType === 'staff' || userType === 'volunteer' || userType === 'same-period') return 'member';
  return 'unit';
}

export function actionsFor(userType: AccountType | null, permissions: readonly string[]): DashboardAction[] {
  return DASHBOARD_ACTIONS.filter((action) =>
    action.accountTypes
      ? userType !== null && action.accountTypes.includes(userType)
      : action.permission
        ? permissions.includes(action.permission)
        : true,
  );
}
