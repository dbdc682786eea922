import { translateKey } from '../../i18n/translate-key';
import { formatDateTime } from '../../util/date-format';

type Row = Record<string, unknown>;
const documentOf = (row: Row) => (row.document ?? {}) as Record<string, unknown>;

/** Cells of the organisers' activity list (ui-schemas/screens/activity-admin.json): the activity's form is in `document`. */
export const activityAdminCells = {
  activityName: (row: Row) => String(documentOf(row).name ?? ''),
  activityStart: (row: Row) => (typeof documentOf(row).startTime === 'string' ? formatDateTime(documentOf(row).startTime as string) : ''),
  activityPlaces: (row: Row) =>
    row.memberLimit === null || row.memberLimit === undefined
      ? translateKey('activity.unit.countUnlimited', { count: row.signedUpCount })
      : translateKey('activity.unit.count', { count: row.signedUpCount, limit: row.memberLimit, waiting: row.waitingCount }),
};
