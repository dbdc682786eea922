import type { AuditStatus } from '../../../shared/guest-api';
import { GuestStatus } from '../guests/GuestStatus';

type Row = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Cells of the organisers' guest search (list declaration `cell`): what a guest row shows in one column. */
export const consoleGuestCells = {
  /** the Chinese name, with the English one after a slash when there is one */
  guestName: (row: Row) => [text(row.nameZh), text(row.nameEn)].filter(Boolean).join(' / '),
  /** the review status chip, with the reason of a rejection */
  guestStatus: (row: Row) => (
    <GuestStatus
      guest={{ status: row.status as AuditStatus, rejectReason: typeof row.rejectReason === 'string' ? row.rejectReason : null }}
    />
  ),
};
