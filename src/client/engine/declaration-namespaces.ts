import { use } from 'react';
import { CORE_NAMESPACES, ensureNamespaces, FEATURE_NAMESPACES, NAMESPACES, namespacesLoaded, type Namespace } from '../i18n/i18n-setup';
import type { ScreenDeclaration } from './screen-types';

function namedNamespaces(value: unknown, found: Set<Namespace>): void {
  if (typeof value === 'string') {
    const head = value.slice(0, value.indexOf('.'));
    if ((NAMESPACES as readonly string[]).includes(head)) found.add(head as Namespace);
  } else if (Array.isArray(value)) {
    for (const item of value) namedNamespaces(item, found);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) namedNamespaces(item, found);
  }
}

/**
 * The locale namespaces a declared screen needs. Open pages of the auth layout (sign-in) get the
 * core namespaces and those their declaration names (`guest.x` keys), so a first visit stays
 * small; every other screen gets all feature namespaces, as its widgets and cells may use any.
 */
export function declarationNamespaces(declaration: ScreenDeclaration): readonly Namespace[] {
  if (declaration.layout !== 'auth') return FEATURE_NAMESPACES;
  const found = new Set<Namespace>(CORE_NAMESPACES);
  namedNamespaces(declaration, found);
  return [...found];
}

const loads = new Map<string, Promise<void>>();

/** Suspends (inside the screen frame's Suspense) until the declaration's namespaces are loaded. */
export function useDeclarationNamespaces(declaration: ScreenDeclaration): void {
  const needed = declarationNamespaces(declaration);
  if (namespacesLoaded(needed)) return;
  let loading = loads.get(declaration.id);
  if (!loading) {
    loading = ensureNamespaces(needed);
    loads.set(declaration.id, loading);
    loading.catch(() => loads.delete(declaration.id));
  }
  use(loading);
}
