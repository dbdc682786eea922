import { consoleApiPaths } from '../../../shared/console-api.js';
import type { ActivitySummary } from '../../../shared/activity-api.js';
import type { ActivityPageQuery } from '../../../generated/types.js';
import { listWorkbook } from '../../exports/list-workbook.js';
import type { ConsoleWorkbook } from '../../exports/workbooks.js';
import { pageOf } from '../../http/route-parts.js';
import type { Activities } from './activities.js';

/** The organisers' activities as a workbook of what their list shows: the same query (category, status, name, sort, order) through the same page reader. */
export function activityListWorkbook(activities: Activities): ConsoleWorkbook<never> {
  return listWorkbook<ActivityPageQuery, ActivitySummary>({
    path: consoleApiPaths.exportActivities,
    summary: "The organisers' activities with their list's filters and order (the query of admin/activity/page)",
    query: 'activity-page-query',
    fileKey: 'console.export.files.activities',
    sheetKey: 'console.export.sheets.activities',
    columns: [
      { headerKey: 'schema.fields.activityName', width: 36, value: (row) => row.document.name ?? null },
      {
        headerKey: 'schema.fields.activityCategory',
        width: 16,
        value: (row, read) => read.t(`schema.enums.activityCategory.${row.category}`),
      },
      { headerKey: 'schema.fields.startTime', width: 24, value: (row, read) => read.time(row.document.startTime) },
      { headerKey: 'schema.fields.activityPlace', width: 30, value: (row) => row.document.place ?? null },
      { headerKey: 'activity.fields.status', value: (row, read) => read.t(`activity.status.${row.status}`) },
      { headerKey: 'activity.export.signedUpSheet', value: (row) => row.signedUpCount },
      { headerKey: 'schema.fields.memberLimit', value: (row) => row.memberLimit },
      { headerKey: 'activity.export.waitingSheet', value: (row) => row.waitingCount },
    ],
    page: (editionId, { category, status, name, sort, order, ...paging }) =>
      activities.pageOf(editionId, { ...pageOf(paging), category, status, name, sort, order }),
  }) as ConsoleWorkbook<never>;
}
