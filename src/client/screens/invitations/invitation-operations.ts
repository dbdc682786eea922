import { consoleApi } from '../../api/console-endpoints';
import { consoleApiPaths } from '../../../shared/console-api';
import { downloadListFile } from '../../api/download-file';
import { searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';
import type { FormData } from '../../engine/operation-types';

/** The organisers' list of invitation codes (ui-schemas/screens/invitation-codes.json). */
export const invitationOperations = {
  invitationCodePage: (query: ListLoadQuery) => consoleApi.codePage(searchOfListQuery(query)),
  exportInvitationCodes: (query: ListLoadQuery) => downloadListFile(consoleApiPaths.exportInvitationCodes, 'invitation-codes.xlsx', query),
  revokeInvitationCode: (row: FormData) => consoleApi.revokeCode(String(row.code)),
};
