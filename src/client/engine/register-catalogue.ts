import type { RegistryWidgetsType } from '@rjsf/utils';
import { registerCells, type ListCell } from './list-cells';
import type { Operation } from './operation-types';
import { registerOperations } from './operations';
import { registerWidgets } from './widget-registry';

/** What the app gives the engine: the named calls, list cells and feature widgets its declarations and UI schemas use. */
export interface EngineCatalogue {
  operations: Readonly<Record<string, Operation>>;
  cells: Readonly<Record<string, ListCell>>;
  widgets: RegistryWidgetsType;
}

/** Called once at start (main.tsx; tests/client/setup.ts for the jsdom tests). */
export function registerCatalogue(catalogue: EngineCatalogue): void {
  registerOperations(catalogue.operations);
  registerCells(catalogue.cells);
  registerWidgets(catalogue.widgets);
}
