import type { RegistryWidgetsType } from '@rjsf/utils';
import { registerCellLoader, registerCells, type ListCell } from './list-cells';
import type { Operation } from './operation-types';
import { registerOperationLoader, registerOperations } from './operations';
import { registerWidgets } from './widget-catalogue';

/** What the app gives the engine: the named calls, list cells and feature widgets its declarations and UI schemas use. */
export interface EngineCatalogue {
  operations: Readonly<Record<string, Operation>>;
  cells: Readonly<Record<string, ListCell>>;
  widgets: RegistryWidgetsType;
  /**
   * the rest of the calls and cells, in a chunk of their own: loaded once, when a call or a
   * list needs one that is not at hand (the sign-in page needs none of the features' code)
   */
  later?: () => Promise<{ operations: Readonly<Record<string, Operation>>; cells: Readonly<Record<string, ListCell>> }>;
}

/** Called once at start (main.tsx; tests/client/setup.ts for the jsdom tests). */
export function registerCatalogue(catalogue: EngineCatalogue): void {
  registerOperations(catalogue.operations);
  registerCells(catalogue.cells);
  registerWidgets(catalogue.widgets);
  const later = catalogue.later;
  if (!later) return;
  let pending: Promise<void> | null = null;
  const loadLater = () => {
    pending ??= later().then(({ operations, cells }) => {
      registerOperations(operations);
      registerCells(cells);
    });
    // a failed load (a new deployment replaced the chunk) is tried again on the next need
    pending.catch(() => {
      pending = null;
    });
    return pending;
  };
  registerOperationLoader(loadLater);
  registerCellLoader(loadLater);
}
