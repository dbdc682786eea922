import type { ActivityCategory, ActivityStatus } from '../../../../shared/activity-api';
import { activityApi } from '../../../api/activity-endpoints';
import { pageNumberOf, type ListLoadQuery } from '../../../engine/list-query';
import type { FormData } from '../../../engine/operation-types';

const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The organisers' activity list (ui-schemas/screens/activity-admin.json): its page, publish and close. */
export const activityAdminOperations = {
  adminActivityPage: (query: ListLoadQuery) =>
    activityApi.adminPage({
      pageNum: pageNumberOf(query.pageNum, 1),
      pageSize: pageNumberOf(query.pageSize, 20),
      category: textOf(query.category) as ActivityCategory | undefined,
      status: textOf(query.status) as ActivityStatus | undefined,
    }),
  publishActivity: (row: FormData) => activityApi.publish(String(row.id)),
  closeActivity: (row: FormData) => activityApi.close(String(row.id)),
};
