import type { ListCell } from '../../engine/list-cells';
import { activityCells } from '../../screens/activities/activity-cells';
import { activityAdminCells } from '../../screens/admin/activities/activity-admin-cells';
import { auditCells } from '../../screens/admin/audit-cells';
import { consoleListCells } from '../../screens/admin/console-list-cells';
import { consoleGuestCells } from '../../screens/admin/console-guest-cells';
import { adminContentCells } from '../../screens/content/admin-content-cells';
import { contentCells } from '../../screens/content/content-cells';
import { guestCells } from '../../screens/guests/guest-cells';
import { temporaryCells } from '../../screens/temporary/temporary-cells';
import { temporaryPanelCells } from '../../screens/temporary/temporary-panel-cells';
import { wishCells } from '../../screens/wishes/wish-cells';

/** Every list cell the list declarations name, from the features that own them. */
export const appCells: Record<string, ListCell> = {
  ...activityCells,
  ...activityAdminCells,
  ...auditCells,
  ...consoleGuestCells,
  ...consoleListCells,
  ...contentCells,
  ...adminContentCells,
  ...guestCells,
  ...temporaryCells,
  ...temporaryPanelCells,
  ...wishCells,
};
