/**
 * The tables of the outbox of messages to send, declared here by their owner and added to the database type (the
 * `Database` registry of db/tables.ts) by module augmentation: db/ knows no feature's table.
 */

export interface OutboxTable {
  id: string;
  channel: string;
  /** an e-mail address, a captcha uuid, or a mobile's look-up key (AccountNames.key) */
  recipient: string;
  /** the mobile sealed, for delivery and the dev outbox; null otherwise */
  recipient_sealed: string | null;
  subject: string | null;
  body: string;
  /** the code in clear: only written when the dev outbox is on (never in production) */
  dev_code: string | null;
  status: string;
  created_at: string;
  sent_at: string | null;
}

declare module '../db/tables.js' {
  interface Database {
    outbox: OutboxTable;
  }
}
