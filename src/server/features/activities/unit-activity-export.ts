import { activityApiPaths, type ActivitySummary } from '../../../shared/activity-api.js';
import type { ActivityPageQuery } from '../../../generated/types.js';
import type { AuditedListExport } from '../../exports/audited-list-exports.js';
import { unitActivityQueryOf, type ActivityListing } from './activity-listing.js';

/**
 * A tab of the unit's activities as a workbook of what it shows (ui-schemas/screens/unit-activities.json):
 * the same query (tab, name, sort, order) through the list's own page reader, scoped to the
 * activities the caller's unit may see, the list's columns as its cells read.
 */
export function unitActivityListExport(listing: ActivityListing): AuditedListExport<ActivityPageQuery, ActivitySummary> {
  return {
    readers: 'units',
    path: activityApiPaths.exportUnitPage,
    summary: "One tab of the activities the caller's unit may see, with its name filter and order (the query of qms/activity/page)",
    query: 'activity-page-query',
    fileKey: 'console.export.files.unitActivities',
    sheetKey: 'console.export.sheets.activities',
    columns: [
      { headerKey: 'schema.fields.activityName', width: 36, value: (row) => row.document.name ?? null },
      { headerKey: 'schema.fields.startTime', width: 24, value: (row, read) => read.time(row.document.startTime) },
      { headerKey: 'schema.fields.activityPlace', width: 30, value: (row) => row.document.place ?? null },
      {
        headerKey: 'activity.unit.places',
        width: 30,
        value: (row, read) =>
          row.memberLimit === null || row.memberLimit === undefined
            ? read.t('activity.unit.countUnlimited', { count: row.signedUpCount })
            : read.t('activity.unit.count', { count: row.signedUpCount, limit: row.memberLimit, waiting: row.waitingCount }),
      },
      {
        headerKey: 'activity.unit.state',
        // as the list's chip: an open activity without a free place is "full" (its waiting list is open)
        value: (row, read) => read.t(`activity.state.${row.signUpState === 'open' && row.full ? 'full' : row.signUpState}`),
      },
    ],
    page: (who, query) => listing.page(who, unitActivityQueryOf(query)),
  };
}
