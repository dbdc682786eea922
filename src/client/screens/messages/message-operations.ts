import { messageApi } from '../../api/message-endpoints';
import { searchOfListQuery, type ListLoadQuery } from '../../engine/list-query';
import type { FormData, RouteParams } from '../../engine/operation-types';

/** Messages to people (ui-schemas/screens/messages-sent.json, message-recipients.json). */
export const messageOperations = {
  messagePage: (query: ListLoadQuery) => messageApi.page(searchOfListQuery(query)),
  messageRecipientPage: (query: ListLoadQuery, { id }: RouteParams) => messageApi.recipients(String(id), searchOfListQuery(query)),
  retryMessage: (_row: FormData, { id }: RouteParams) => messageApi.retry(String(id)),
};
