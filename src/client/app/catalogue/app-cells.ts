import type { ListCell } from '../../engine/list-cells';
import { activityAdminCells } from '../../screens/activities/activity-admin-cells';
import { activityCells } from '../../screens/activities/activity-cells';
import { auditCells } from '../../screens/audit/audit-cells';
import { adminContentCells } from '../../screens/content/admin-content-cells';
import { contentCells } from '../../screens/content/content-cells';
import { guestCells } from '../../screens/guests/guest-cells';
import { invitationCells } from '../../screens/invitations/invitation-cells';
import { noticeAdminCells } from '../../screens/notices/notice-admin-cells';
import { messageCells } from '../../screens/messages/message-cells';
import { receptionCells } from '../../screens/reception/reception-cells';
import { temporaryCells } from '../../screens/temporary/temporary-cells';
import { temporaryPanelCells } from '../../screens/temporary/temporary-panel-cells';
import { wishCells } from '../../screens/wishes/wish-cells';

/** Every list cell the list declarations name, from the features that own them. */
export const appCells: Record<string, ListCell> = {
  ...invitationCells,
  ...receptionCells,
  ...guestCells,
  ...activityCells,
  ...activityAdminCells,
  ...contentCells,
  ...adminContentCells,
  ...noticeAdminCells,
  ...messageCells,
  ...wishCells,
  ...temporaryCells,
  ...temporaryPanelCells,
  ...auditCells,
};
