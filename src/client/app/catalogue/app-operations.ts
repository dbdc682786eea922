import type { Operation } from '../../engine/operation-types';
import { accountOperations } from '../../screens/account/account-operations';
import { activityAdminOperations } from '../../screens/activities/activity-admin-operations';
import { activityOperations } from '../../screens/activities/activity-operations';
import { activityDialogListOperations } from '../../screens/activities/activity-dialog-list-operations';
import { auditOperations } from '../../screens/audit/audit-operations';
import { contentListOperations } from '../../screens/content/content-list-operations';
import { contentOperations } from '../../screens/content/content-operations';
import { editionOperations } from '../../screens/edition/edition-operations';
import { doorListOperations } from '../../screens/door/door-list-operations';
import { consoleGuestOperations } from '../../screens/guests/console-guest-operations';
import { entourageOperations } from '../../screens/guests/entourage-operations';
import { guestListOperations } from '../../screens/guests/guest-list-operations';
import { invitationOperations } from '../../screens/invitations/invitation-operations';
import { noticeAdminOperations } from '../../screens/notices/notice-admin-operations';
import { noticeOperations } from '../../screens/notices/notice-operations';
import { messageOperations } from '../../screens/messages/message-operations';
import { receptionOperations } from '../../screens/reception/reception-operations';
import { temporaryOperations } from '../../screens/temporary/temporary-operations';
import { temporaryReviewOperations } from '../../screens/temporary/temporary-review-operations';
import { unitOperations } from '../../screens/units/unit-operations';
import { unitListOperations } from '../../screens/units/unit-list-operations';
import { wishOperations } from '../../screens/wishes/wish-operations';

/** Every named call the screen declarations use, from the features that own them (in the features' order). */
export const appOperations: Record<string, Operation> = {
  ...editionOperations,
  ...accountOperations,
  ...unitOperations,
  ...unitListOperations,
  ...invitationOperations,
  ...receptionOperations,
  ...guestListOperations,
  ...consoleGuestOperations,
  ...entourageOperations,
  ...activityOperations,
  ...activityAdminOperations,
  ...activityDialogListOperations,
  ...contentOperations,
  ...contentListOperations,
  ...noticeOperations,
  ...noticeAdminOperations,
  ...wishOperations,
  ...temporaryOperations,
  ...temporaryReviewOperations,
  ...auditOperations,
  ...messageOperations,
  ...doorListOperations,
};
