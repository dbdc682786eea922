import { activityApiPaths, type RosterItem, type SignUpItem } from '../../../shared/activity-api.js';
import type { ActivityRosterQuery, ActivitySignUpQuery } from '../../../generated/types.js';
import type { ExportColumn } from '../../exports/excel-export.js';
import { pageOfWhole, type AnyAuditedListExport, type AuditedListExport } from '../../exports/audited-list-exports.js';
import type { Activities } from './activities.js';
import type { ActivityListing } from './activity-listing.js';

/**
 * The columns of the roster and the waiting list as ui-schemas/screens/activity-roster.json and
 * activity-waiting.json show them, with what the organisers' roster workbook always held beside
 * them (guest or entourage member, the seat number and remarks of the sign-up form): these two
 * audited downloads are the roster's only export.
 */
const rosterColumns: ExportColumn<RosterItem>[] = [
  { headerKey: 'activity.export.position', width: 8, value: (row) => row.waitingPosition ?? null },
  { headerKey: 'activity.export.person', width: 20, value: (row) => row.personName },
  {
    headerKey: 'activity.export.kind',
    width: 12,
    value: (row, read) => read.t(`console.export.kinds.${row.memberId ? 'member' : 'guest'}`),
  },
  { headerKey: 'activity.export.unit', width: 30, value: (row) => row.unitName },
  {
    headerKey: 'activity.export.speaker',
    width: 10,
    value: (row, read) => read.t(row.speaker ? 'activity.common.yes' : 'activity.common.no'),
  },
  { headerKey: 'activity.export.seatNumber', width: 12, value: (row) => row.document.seatNumber ?? null },
  { headerKey: 'activity.export.remarks', width: 30, value: (row) => row.document.remarks ?? null },
  { headerKey: 'activity.export.signedUpAt', width: 24, value: (row, read) => read.time(row.createdAt) },
];

/**
 * An activity's roster and waiting list (the organisers' roster dialog) as workbooks of what they
 * show: the rows of the same detail the dialog reads, in the order the list shows (a column the
 * organiser sorted by, else the waiting position, the waiting list's order). Organisers only.
 */
export function activityRosterExports(activities: Activities): AnyAuditedListExport[] {
  const roster = (
    path: string,
    fileKey: string,
    sheetKey: string,
    rows: 'signedUp' | 'waiting',
  ): AuditedListExport<ActivityRosterQuery, RosterItem> => ({
    readers: 'organisers',
    path,
    summary: `The ${rows === 'signedUp' ? 'people signed up for' : 'waiting list of'} an activity as its dialog lists them (the rows of admin/activity/{id})`,
    query: 'activity-roster-query',
    fileKey,
    sheetKey,
    columns: rosterColumns,
    // answered whole with the activity: the export's pages are cut from it, in the order the list shows (its sort, else the waiting position)
    page: async (who, query) => pageOfWhole((await activities.detail(who, query.id))[rows], query),
    // the file says which activity (活动已报名名单-<activity name>-<date>.xlsx)
    fileSubject: (who, query) => activities.nameOf(who, query.id),
  });
  return [
    roster(activityApiPaths.exportSignedUp, 'activity.export.files.signedUp', 'activity.export.signedUpSheet', 'signedUp'),
    roster(activityApiPaths.exportWaiting, 'activity.export.files.waiting', 'activity.export.waitingSheet', 'waiting'),
  ];
}

/**
 * A unit's sign-ups for one activity (the unit's activity dialog, ui-schemas/screens/activity-my-sign-ups.json)
 * as a workbook of what the list shows: the same detail the dialog reads, scoped to the caller's
 * unit, in the order the list shows (a column, else the order signed up), the cells as the list's read.
 */
export function mySignUpsExport(listing: ActivityListing): AuditedListExport<ActivitySignUpQuery, SignUpItem> {
  return {
    readers: 'units',
    path: activityApiPaths.exportMySignUps,
    summary: "The caller's unit's sign-ups for an activity as its dialog lists them (the rows of qms/activity/{id})",
    query: 'activity-sign-up-query',
    fileKey: 'activity.export.files.mySignUps',
    sheetKey: 'activity.detail.mySignUps',
    columns: [
      { headerKey: 'activity.detail.person', width: 20, value: (row) => row.personName },
      {
        headerKey: 'activity.unit.state',
        width: 20,
        value: (row, read) =>
          row.status === 'waiting'
            ? read.t('activity.signUp.waiting', { position: row.waitingPosition ?? '' })
            : read.t('activity.signUp.signedUp'),
      },
      {
        headerKey: 'schema.fields.speechMaterials',
        value: (row, read) => read.t('activity.detail.materialsCount', { count: row.speechMaterials.length }),
      },
    ],
    page: async (who, query) => pageOfWhole((await listing.detail(who, query.id)).mySignUps, query),
  };
}
