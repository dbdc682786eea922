import { activityCategories } from '../../../shared/activity-api';

/** The four SPEC tabs, in the order the unit screen shows them. */
export const ACTIVITY_TABS = activityCategories;
