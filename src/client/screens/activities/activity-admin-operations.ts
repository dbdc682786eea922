import type { ActivityCategory, ActivityStatus } from '../../../shared/activity-api';
import { activityApi } from '../../api/activity-endpoints';
import { consoleApiPaths } from '../../../shared/console-api';
import { downloadListFile } from '../../api/download-file';
import { filterText, orderOfListQuery, pagingOf, type ListLoadQuery } from '../../engine/list-query';
import type { FormData } from '../../engine/operation-types';

/** The organisers' activity list (ui-schemas/screens/activity-admin.json): its page, publish and close. */
export const activityAdminOperations = {
  adminActivityPage: (query: ListLoadQuery) =>
    activityApi.adminPage({
      ...pagingOf(query, 20),
      category: filterText(query.category) as ActivityCategory | undefined,
      status: filterText(query.status) as ActivityStatus | undefined,
      name: filterText(query.name),
      ...orderOfListQuery(query),
    }),
  exportActivities: (query: ListLoadQuery) => downloadListFile(consoleApiPaths.exportActivities, 'activities.xlsx', query),
  publishActivity: (row: FormData) => activityApi.publish(String(row.id)),
  closeActivity: (row: FormData) => activityApi.close(String(row.id)),
};
