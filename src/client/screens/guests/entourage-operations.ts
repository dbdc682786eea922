import { guestApi } from '../../api/guest-endpoints';
import type { FormData } from '../../engine/operation-types';

/** The entourage list's row call (ui-schemas/screens/entourage-members.json); the guest's id is the host's fact `guestId`. */
export const entourageOperations = {
  deleteEntourageMember: (row: FormData) => guestApi.deleteEntourage(String(row.guestId), String(row.id)),
};
