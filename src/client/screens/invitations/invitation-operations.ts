import { consoleApi } from '../../api/console-endpoints';
import { searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';
import type { FormData } from '../../engine/operation-types';

/** The organisers' list of invitation codes (ui-schemas/screens/invitation-codes.json). */
export const invitationOperations = {
  invitationCodePage: (query: ListLoadQuery) => consoleApi.codePage(searchOfListQuery(query)),
  revokeInvitationCode: (row: FormData) => consoleApi.revokeCode(String(row.code)),
};
