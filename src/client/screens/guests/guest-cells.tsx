import type { GuestSummary } from '../../../shared/guest-api';
import { GuestStatus } from './GuestStatus';

type Row = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Cells of the guest list (ui-schemas/screens/guest-list.json). */
export const guestCells = {
  guestName: (row: Row) => (row.nameEn ? `${text(row.nameZh)} / ${text(row.nameEn)}` : text(row.nameZh)),
  guestStatus: (row: Row) => <GuestStatus guest={row as unknown as Pick<GuestSummary, 'status' | 'rejectReason'>} />,
};
