import { declarationAliases } from './declaration-aliases';
import type { ScreenDeclaration } from './screen-types';

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
