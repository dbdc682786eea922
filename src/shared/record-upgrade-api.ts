/**
 * Contract of "open an old record in the current version" (issue 10, editions): the record as the
 * current schema version can hold it, the fields that version drops (shown as a note) and what
 * it still rejects (flagged on the fields). Saving `document` after fixing `problems` works.
 */
import type { FieldError } from './validation.js';

export const recordUpgradePaths = {
  /** GET: RecordUpgradeData of a guest of the caller's unit (404 for any other id) */
  guest: (id: string) => `qms/record-upgrade/guest/${id}`,
  /** GET: RecordUpgradeData of the caller's unit information (save it with PUT qms/unit/mine) */
  myUnit: 'qms/record-upgrade/unit/mine',
} as const;

export interface DroppedFieldData {
  pointer: string;
  /** i18n key of the label in the version the record was saved under, when known */
  label?: string;
  value: unknown;
}

export interface RecordUpgradeData {
  kind: string;
  id: string;
  fromVersion: number;
  toVersion: number;
  document: Record<string, unknown>;
  dropped: DroppedFieldData[];
  problems: FieldError[];
}
