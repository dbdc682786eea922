import { registerCatalogue } from '../../engine/register-catalogue';
import { appCells } from './app-cells';
import { appOperations } from './app-operations';

/** Hands the features' operations and cells to the screen engine (once, before the first render). */
export function registerAppCatalogue(): void {
  registerCatalogue({ operations: appOperations, cells: appCells });
}
