/**
 * Contract of messages to people (organisers): write a message to chosen guests, units or a saved
 * guest filter; see the messages sent and each delivery's state. Bodies and queries are the
 * schemas of the same name in schemas/.
 */
import messageCompose from '../generated/schemas/message-compose.json';
import type { MessageCompose, ResponseMessagePage, ResponseMessageRecipientPage } from '../generated/types.js';
import { enumAt } from './schema-enums.js';

export const messageApiPaths = {
  /** POST (message-compose): the message's id; its recipients are listed and sent off the request */
  messages: 'admin/console/message',
  /** GET ?pageNum&pageSize: messages sent, newest first, deliveries counted by state */
  messagePage: 'admin/console/message/page',
  /** GET ?message-recipient-query: one message's deliveries */
  recipients: (id: string) => `admin/console/message/${id}/recipients`,
  /** POST: sends the unconfirmed and failed deliveries again */
  retry: (id: string) => `admin/console/message/${id}/retry`,
  /** GET ?message-page-query: the messages sent as their list shows them (.xlsx, audited) */
  exportMessages: 'admin/console/export/messages',
  /** GET ?message-recipient-query: one message's deliveries as their list shows them (.xlsx, masked, audited) */
  exportRecipients: (id: string) => `admin/console/export/message/${id}/recipients`,
} as const;

export type MessageComposeBody = MessageCompose;
/** How a message reaches a person: e-mail or SMS (message-compose's channels). */
export type MessageChannel = MessageCompose['channels'][number];
export const messageChannels = enumAt<MessageChannel>(messageCompose, '/properties/channels/items');
export type MessageItem = ResponseMessagePage['records'][number];
export type MessageRecipientItem = ResponseMessageRecipientPage['records'][number];
export type MessageDeliveryState = MessageRecipientItem['state'];
