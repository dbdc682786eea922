import type { ActivityCategory } from '../../../shared/activity-api';
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
  cancelSignUp: (row: FormData) => activityApi.cancel(String(row.id)),
};
