import { declarationAliases } from './declaration-aliases';
import type { ListDeclaration, ScreenDeclaration } from './screen-types';

// Declarations are small JSON documents: loaded eagerly so routes and titles are known at start.
const files = import.meta.glob<ScreenDeclaration>('../../../ui-schemas/screens/*.json', { eager: true, import: 'default' });

const byId = new Map<string, ScreenDeclaration>(Object.values(files).map((declaration) => [declaration.id, declaration]));

export function findDeclaration(id: string): ScreenDeclaration | undefined {
  return byId.get(declarationAliases[id] ?? id);
}

/** Declarations that are pages of their own (they carry a route). */
export function routedDeclarations(): ScreenDeclaration[] {
  return [...byId.values()].filter((declaration) => declaration.route);
}

/** The list declaration `id` (a screen that hosts a declared list beside its own forms and dialogs). */
export function listDeclaration(id: string): ListDeclaration {
  const declaration = findDeclaration(id);
  if (declaration?.kind !== 'list') throw new Error(`no list declaration "${id}"`);
  return declaration;
}
