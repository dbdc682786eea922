import type { Operation } from '../../engine/operation-types';
import { accountOperations } from '../../screens/account/account-operations';
import { activityOperations } from '../../screens/activities/activity-operations';
import { activityAdminOperations } from '../../screens/admin/activities/activity-admin-operations';
import { adminOperations } from '../../screens/admin/admin-operations';
import { consoleListOperations } from '../../screens/admin/console-list-operations';
import { contentListOperations } from '../../screens/content/content-list-operations';
import { contentOperations } from '../../screens/content/content-operations';
import { entourageOperations } from '../../screens/guests/entourage-operations';
import { guestListOperations } from '../../screens/guests/guest-list-operations';
import { noticeOperations } from '../../screens/notice-operations';
import { temporaryOperations } from '../../screens/temporary/temporary-operations';
import { temporaryReviewOperations } from '../../screens/temporary/temporary-review-operations';
import { unitOperations } from '../../screens/unit/unit-operations';
import { wishOperations } from '../../screens/wishes/wish-operations';

/** Every named call the screen declarations use, from the features that own them. */
export const appOperations: Record<string, Operation> = {
  ...accountOperations,
  ...unitOperations,
  ...adminOperations,
  ...activityOperations,
  ...activityAdminOperations,
  ...consoleListOperations,
  ...contentOperations,
  ...contentListOperations,
  ...entourageOperations,
  ...guestListOperations,
  ...noticeOperations,
  ...temporaryOperations,
  ...temporaryReviewOperations,
  ...wishOperations,
};
