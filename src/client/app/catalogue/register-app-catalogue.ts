import { registerCatalogue } from '../../engine/register-catalogue';
import { appCells } from './app-cells';
import { appOperations } from './app-operations';
import { appWidgets } from './app-widgets';

/** Hands the features' operations, cells and widgets to the screen engine (once, before the first render). */
export function registerAppCatalogue(): void {
  registerCatalogue({ operations: appOperations, cells: appCells, widgets: appWidgets });
}
