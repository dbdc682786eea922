import { activityApiPaths } from '../../../shared/activity-api';
import { downloadListFile } from '../../api/download-file';
import type { ListLoadQuery } from '../../engine/list-query';

/**
 * The exports of the lists an activity's dialogs host (ui-schemas/screens/activity-roster.json,
 * activity-waiting.json, activity-my-sign-ups.json): the dialog gives the activity's `id` as the
 * list's filter; the server names the file.
 */
export const activityDialogListOperations = {
  exportActivitySignedUp: (query: ListLoadQuery) => downloadListFile(activityApiPaths.exportSignedUp, 'activity-signed-up.xlsx', query),
  exportActivityWaiting: (query: ListLoadQuery) => downloadListFile(activityApiPaths.exportWaiting, 'activity-waiting-list.xlsx', query),
  exportMySignUps: (query: ListLoadQuery) => downloadListFile(activityApiPaths.exportMySignUps, 'activity-sign-ups.xlsx', query),
};
