import { useSyncExternalStore } from 'react';
import type { AccountType, MenuNode } from '../../shared/api-types';
import type { Language } from '../../shared/constants';
import { readLanguagePreference } from '../i18n/language-preference';
import { hasSignedInMarker } from './signed-in-marker';

const DELIVERY_KEY = 'accountDelivery';

/** Session state of SPEC section 3; `menu` is null until the menu tree has been fetched. */
export interface SessionState {
  /** the server's signed-in marker is present (the token itself is never visible here) */
  signedIn: boolean;
  /** the sign-in account (mobile or e-mail) */
  account: string;
  name: string;
  roles: string[];
  userType: AccountType | null;
  permissions: string[];
  unreadCount: number;
  accountDelivery: boolean;
  language: Language;
  menu: MenuNode[] | null;
}

function initialState(): SessionState {
  return {
    signedIn: hasSignedInMarker(),
    account: '',
    name: '',
    roles: [],
    userType: null,
    permissions: [],
    unreadCount: 0,
    accountDelivery: readDeliveryFlag(),
    language: readLanguagePreference(),
    menu: null,
  };
}

function readDeliveryFlag(): boolean {
  try {
    return window.localStorage.getItem(DELIVERY_KEY) === 'true';
  } catch {
    return false;
  }
}

let state: SessionState = initialState();
const listeners = new Set<() => void>();

export function getSession(): SessionState {
  return state;
}

export function updateSession(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  if ('accountDelivery' in patch) {
    if (patch.accountDelivery) window.localStorage.setItem(DELIVERY_KEY, 'true');
    else window.localStorage.removeItem(DELIVERY_KEY);
  }
  listeners.forEach((listener) => listener());
}

/** Re-reads cookie and storage (tests, and after a logout). */
export function resetSession(): void {
  state = initialState();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession<T>(select: (session: SessionState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(state),
  );
}
