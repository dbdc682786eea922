import type { ActivitySummary, SignUpItem } from '../../../shared/activity-api';
import { translateKey } from '../../i18n/translate-key';
import { ActivityStateChip, SignUpStatusText } from './ActivityStateChip';

type Row = Record<string, unknown>;
const documentOf = (row: Row) => (row.document ?? {}) as Record<string, unknown>;

/** Cells of the unit's activity lists (ui-schemas/screens/unit-activities.json, activity-my-sign-ups.json). */
export const activityCells = {
  activityPlace: (row: Row) => String(documentOf(row).place ?? ''),
  activityState: (row: Row) => <ActivityStateChip activity={row as unknown as ActivitySummary} />,
  signUpStatus: (row: Row) => <SignUpStatusText item={row as unknown as SignUpItem} />,
  speechMaterialsCount: (row: Row) =>
    translateKey('activity.detail.materialsCount', { count: Array.isArray(row.speechMaterials) ? row.speechMaterials.length : 0 }),
};
