import type { Page } from '../../shared/api-types';
import { messageApiPaths as paths, type MessageItem, type MessageRecipientItem } from '../../shared/message-api';
import { http } from './app-http-client';
import { compactDocument } from './guest-endpoints';

/** Typed calls of messages to people (src/shared/message-api.ts). */
export const messageApi = {
  send: (message: Record<string, unknown>) => http.request<{ id: string }>('post', paths.messages, { json: compactDocument(message) }),
  page: (query: Record<string, string>) => http.request<Page<MessageItem>>('get', paths.messagePage, { searchParams: query }),
  recipients: (id: string, query: Record<string, string>) =>
    http.request<Page<MessageRecipientItem>>('get', paths.recipients(id), { searchParams: query }),
  retry: (id: string) => http.request<{ queued: number }>('post', paths.retry(id)),
};
