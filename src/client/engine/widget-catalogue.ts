import type { RegistryWidgetsType } from '@rjsf/utils';

/**
 * Custom widgets by name, merged into the theme's widgets (UI schemas use `ui:widget`): the
 * features' ones handed over at start (registerCatalogue), the engine's generic ones added by
 * widget-registry.ts when the RJSF runtime loads. Kept apart from widget-registry.ts so that
 * registering at start does not load every widget (and RJSF's theme) with the sign-in page.
 */
export const customWidgets: RegistryWidgetsType = {};

export function registerWidgets(widgets: RegistryWidgetsType): void {
  Object.assign(customWidgets, widgets);
}
