import { messageApiPaths, type MessageItem, type MessageRecipientItem } from '../../../shared/message-api.js';
import type { MessagePageQuery, MessageRecipientQuery } from '../../../generated/types.js';
import type { AnyAuditedListExport, AuditedListExport } from '../../exports/audited-list-exports.js';
import { pageOf } from '../../http/route-parts.js';
import type { Messages } from './messages.js';

/**
 * The messages sent and one message's deliveries as workbooks of what their lists show
 * (ui-schemas/screens/messages-sent.json, message-recipients.json): the same query through the
 * same page readers, the lists' columns as their cells read. Organisers only; the delivery's
 * address is the masked one the list shows (the page reader never opens it).
 */
export function messageListExports(messages: Messages): AnyAuditedListExport[] {
  const sent: AuditedListExport<MessagePageQuery, MessageItem> = {
    readers: 'organisers',
    path: messageApiPaths.exportMessages,
    summary: "The messages sent, in their list's order (the query of admin/console/message/page)",
    query: 'message-page-query',
    fileKey: 'console.export.files.messages',
    sheetKey: 'console.export.sheets.messages',
    columns: [
      { headerKey: 'console.messages.fields.subject', width: 40, value: (row) => `${row.subjectZh} / ${row.subjectEn}` },
      { headerKey: 'console.messages.fields.kind', width: 20, value: (row, read) => read.t(`console.messages.kind.${row.kind}`) },
      {
        headerKey: 'console.messages.fields.channels',
        width: 16,
        value: (row, read) => row.channels.map((channel) => read.t(`console.messages.channels.${channel}`)).join(' · '),
      },
      { headerKey: 'console.messages.audience', value: (row) => row.recipients },
      {
        headerKey: 'console.messages.fields.state',
        width: 40,
        value: (row, read) =>
          row.state === 'expanding'
            ? read.t('console.messages.expanding')
            : read.t('console.messages.counts', {
                pending: row.pending + row.sending,
                sent: row.sent,
                failed: row.failed,
                unconfirmed: row.unconfirmed,
              }),
      },
      { headerKey: 'console.messages.fields.createdAt', width: 24, value: (row, read) => read.time(row.createdAt) },
    ],
    page: (who, query) => {
      const { pageNum, pageSize } = pageOf(query);
      return messages.page(who, pageNum, pageSize, { sort: query.sort, order: query.order });
    },
  };
  const deliveries: AuditedListExport<MessageRecipientQuery, MessageRecipientItem> = {
    readers: 'organisers',
    path: messageApiPaths.exportRecipients(':id'),
    params: 'console-id-params',
    summary: "One message's deliveries with their list's state filter and order (the query of admin/console/message/{id}/recipients)",
    query: 'message-recipient-query',
    fileKey: 'console.export.files.messageDeliveries',
    sheetKey: 'console.export.sheets.messageDeliveries',
    columns: [
      { headerKey: 'console.messages.fields.name', width: 24, value: (row) => row.name },
      { headerKey: 'guest.review.unit', width: 28, value: (row) => row.unit },
      { headerKey: 'console.messages.fields.channel', value: (row, read) => read.t(`console.messages.channels.${row.channel}`) },
      // masked when the delivery was listed: a mobile or an e-mail address as the list shows it
      { headerKey: 'console.messages.fields.address', width: 28, value: (row) => row.address },
      { headerKey: 'console.messages.fields.state', value: (row, read) => read.t(`console.messages.states.${row.state}`) },
      { headerKey: 'console.messages.fields.attempts', value: (row) => row.attempts },
      { headerKey: 'console.messages.fields.sentAt', width: 24, value: (row, read) => read.time(row.sentAt) },
      { headerKey: 'console.messages.fields.lastError', width: 40, value: (row) => row.lastError },
    ],
    page: (who, query, { params }) => {
      const { pageNum, pageSize } = pageOf(query);
      return messages.recipients(who, String(params.id), pageNum, pageSize, query.state, { sort: query.sort, order: query.order });
    },
  };
  return [sent, deliveries];
}
