import type { Db, Executor } from '../../db/database.js';

/** A message as written (by an organiser, or by the portal for an event), and whom it is for (migration 0034). */
export interface MessageTable {
  id: string;
  edition_id: string;
  /** 'manual' (an organiser's) or the automatic event that wrote it ('account-registered', 'guest-approved', …) */
  kind: string;
  /** one row per key: a scheduled reminder run twice on one day, by two instances, writes one message */
  dedupe_key: string | null;
  /** JSON array of 'email' | 'sms' */
  channels: string;
  subject_zh: string;
  subject_en: string;
  body_zh: string;
  body_en: string;
  /** JSON: the audience (chosen guests, units, or a saved guest filter); null for an automatic message */
  audience: string | null;
  /** 'expanding' while recipients are being listed, then 'queued' */
  state: string;
  /** keyset position of the expansion: the last recipient source id listed */
  expand_cursor: string | null;
  expand_owner: string | null;
  expand_lease_until: string | null;
  recipient_count: number;
  created_by: string | null;
  created_at: string;
}

/** One delivery: a recipient on one channel. Unique per (message, recipient, channel): a repeated expansion adds nothing. */
export interface MessageRecipientTable {
  id: string;
  message_id: string;
  /** `g:<guest id>`, `a:<account id>` */
  recipient_key: string;
  channel: string;
  /** the address (e-mail or mobile) sealed: personal data is never in clear at rest */
  address_sealed: string;
  address_masked: string;
  /** JSON of the placeholders' values */
  vars: string;
  /** 'pending' | 'sending' | 'sent' | 'failed' | 'unconfirmed' */
  state: string;
  attempts: number;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
}

// a type, not an interface: Kysely's withTables wants an indexable record
export type MessageTables = {
  messages: MessageTable;
  message_recipients: MessageRecipientTable;
};

export type MessageDb = Executor<MessageTables>;

export function messageDb(db: Db | Executor): MessageDb {
  return db.withTables<MessageTables>() as unknown as MessageDb;
}
