import { registerCatalogue } from '../../engine/register-catalogue';
import { accountOperations } from '../../screens/account/account-operations';
import { appWidgets } from './app-widgets';

/**
 * Hands the features' operations, cells and widgets to the screen engine (once, before the
 * first render). The sign-in and account calls are at hand; every other feature's calls and
 * cells come in a chunk of their own on first need, so a first visit to /login loads none.
 */
export function registerAppCatalogue(): void {
  registerCatalogue({
    operations: accountOperations,
    cells: {},
    widgets: appWidgets,
    later: async () => {
      const [{ appOperations }, { appCells }] = await Promise.all([import('./app-operations'), import('./app-cells')]);
      return { operations: appOperations, cells: appCells };
    },
  });
}
