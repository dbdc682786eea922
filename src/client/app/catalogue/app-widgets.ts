import type { RegistryWidgetsType } from '@rjsf/utils';
import { lazyWidget } from '../../engine/widgets/lazy-widget';

/** Widgets of features that UI schemas name with `ui:widget` (the engine's own are in engine/widget-registry.ts). */
export const appWidgets: RegistryWidgetsType = {
  inviteCode: lazyWidget(async () => (await import('../../screens/invitations/InviteCodeWidget')).InviteCodeWidget),
};
