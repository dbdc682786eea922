import { messageApiPaths } from '../../../shared/message-api';
import { downloadListFile } from '../../api/download-file';
import { messageApi } from '../../api/message-endpoints';
import { searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';
import type { FormData, RouteParams } from '../../engine/operation-types';

/** Messages to people (ui-schemas/screens/messages-sent.json, message-recipients.json). */
export const messageOperations = {
  messagePage: (query: ListLoadQuery) => messageApi.page(searchOfListQuery(query)),
  messageRecipientPage: (query: ListLoadQuery, { id }: RouteParams) => messageApi.recipients(String(id), searchOfListQuery(query)),
  // the lists as they show them (their filters and order; masked, audited by the server)
  exportMessages: (query: ListLoadQuery) => downloadListFile(messageApiPaths.exportMessages, 'messages.xlsx', query),
  exportMessageRecipients: (query: ListLoadQuery, { id }: RouteParams) =>
    downloadListFile(messageApiPaths.exportRecipients(String(id)), 'message-deliveries.xlsx', query),
  retryMessage: (_row: FormData, { id }: RouteParams) => messageApi.retry(String(id)),
};
