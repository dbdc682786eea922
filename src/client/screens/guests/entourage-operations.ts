import { guestApiPaths } from '../../../shared/guest-api';
import { downloadListFile } from '../../api/download-file';
import { guestApi } from '../../api/guest-endpoints';
import type { ListLoadQuery } from '../../engine/list-query';
import type { FormData } from '../../engine/operation-types';

/**
 * The entourage list's row call and export (ui-schemas/screens/entourage-members.json); the
 * guest's id is the host's fact `guestId`, and its filter `id` for the export.
 */
export const entourageOperations = {
  deleteEntourageMember: (row: FormData) => guestApi.deleteEntourage(String(row.guestId), String(row.id)),
  exportEntourage: (query: ListLoadQuery) => downloadListFile(guestApiPaths.exportEntourage, 'entourage-members.xlsx', query),
};
