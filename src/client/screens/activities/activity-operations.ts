import { activityApiPaths, type ActivityCategory } from '../../../shared/activity-api';
import { downloadListFile } from '../../api/download-file';
import { activityApi } from '../../api/activity-endpoints';
import { filterText, orderOfListQuery, pagingOf, type ListLoadQuery } from '../../engine/list-query';
import type { FormData } from '../../engine/operation-types';

/** The unit's activity lists (ui-schemas/screens/unit-activities.json, activity-my-sign-ups.json): a tab's page, cancelling a sign-up. */
export const activityOperations = {
  // the tab (category) is the screen's own filter, kept in its URL
  unitActivityPage: (query: ListLoadQuery) =>
    activityApi.unitPage({
      ...pagingOf(query, 10),
      category: String(query.category) as ActivityCategory,
      name: filterText(query.name),
      ...orderOfListQuery(query),
    }),
  // the tab as it shows it (the screen's tab, the list's name filter and order; audited by the server)
  exportUnitActivities: (query: ListLoadQuery) => downloadListFile(activityApiPaths.exportUnitPage, 'activities.xlsx', query),
  cancelSignUp: (row: FormData) => activityApi.cancel(String(row.id)),
};
