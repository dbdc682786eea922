import { registerCells, type ListCell } from './list-cells';
import type { Operation } from './operation-types';
import { registerOperations } from './operations';

/** What the app gives the engine: the named calls and list cells its declarations use. */
export interface EngineCatalogue {
  operations: Readonly<Record<string, Operation>>;
  cells: Readonly<Record<string, ListCell>>;
}

/** Called once at start (main.tsx; tests/client/setup.ts for the jsdom tests). */
export function registerCatalogue(catalogue: EngineCatalogue): void {
  registerOperations(catalogue.operations);
  registerCells(catalogue.cells);
}
