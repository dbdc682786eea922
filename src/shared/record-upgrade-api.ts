/**
 * Contract of "open an old record in the current version": the record as the
 * current schema version can hold it, the fields that version drops (shown as a note) and what
 * it still rejects (flagged on the fields). Saving `document` after fixing `problems` works.
 */
import type { ResponseRecordUpgrade } from '../generated/types.js';

export const recordUpgradePaths = {
  /** GET: RecordUpgradeData of a guest of the caller's unit (404 for any other id) */
  guest: (id: string) => `qms/record-upgrade/guest/${id}`,
  /** GET: RecordUpgradeData of the caller's unit information (save it with PUT qms/unit/mine) */
  myUnit: 'qms/record-upgrade/unit/mine',
  /** GET: RecordUpgradeData of an entourage member of a guest of the caller's unit (save it with PUT qms/guest/{guestId}/entourage/{memberId}) */
  entourageMember: (guestId: string, memberId: string) => `qms/record-upgrade/guest/${guestId}/entourage/${memberId}`,
  /** organisers: GET: RecordUpgradeData of any guest of the current edition (fix it with PUT admin/guest/{id}/upgrade-fix) */
  adminGuest: (id: string) => `admin/record-upgrade/guest/${id}`,
} as const;

/** The answer of the record-upgrade routes (schemas/response-record-upgrade.json). */
export type RecordUpgradeData = ResponseRecordUpgrade;
export type DroppedFieldData = ResponseRecordUpgrade['dropped'][number];
