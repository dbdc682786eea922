import type { GuestSummary } from '../../../shared/guest-api';
import { translateKey } from '../../i18n/translate-key';
import { GuestStatus } from './GuestStatus';

type Row = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Cells of the guest lists (ui-schemas/screens/guest-list.json, review-queue.json, entourage-members.json). */
export const guestCells = {
  guestName: (row: Row) => (row.nameEn ? `${text(row.nameZh)} / ${text(row.nameEn)}` : text(row.nameZh)),
  reviewInviteCode: (row: Row) => text(row.inviteCode) || translateKey('guest.review.noInviteCode'),
  // an entourage member's name is in its document (ui-schemas/screens/entourage-members.json)
  entourageMemberName: (row: Row) => text((row.document as Row | undefined)?.nameZh),
  guestStatus: (row: Row) => <GuestStatus guest={row as unknown as Pick<GuestSummary, 'status' | 'rejectReason'>} />,
};
