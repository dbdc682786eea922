import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { OutboxMessage } from '../../shared/api-types.js';
import type { AccountNames } from '../auth/account-names.js';
import { systemClock } from '../clock.js';
import type { Logger, MessageTransport, OutgoingMessage } from './delivery.js';

export interface OutboxOptions {
  /** keep the code in clear for the dev outbox (never in production) */
  devOutbox: boolean;
  email: MessageTransport;
  sms: MessageTransport;
  log: Logger;
  /** how a recipient is stored: a mobile as its look-up key plus a sealed copy, never in clear */
  names: AccountNames;
  /**
   * the edition whose key seals a recipient's mobile (the current one): the retention purge
   * of that edition destroys the key and deletes the messages sealed under it
   */
  sealingEdition: () => Promise<string | null>;
}

const MASK = '****';

/**
 * Every SMS/e-mail goes through the outbox table first, then to its transport. Stored text has
 * the code masked unless the dev outbox is on, so the database never holds live codes.
 */
export class OutboxService {
  constructor(
    private readonly db: Db,
    private readonly options: OutboxOptions,
  ) {}

  async send(message: Omit<OutgoingMessage, 'body'> & { render: (code: string) => string; code: string }): Promise<void> {
    const dev = this.options.devOutbox;
    const id = await this.record(message, message.render(dev ? message.code : MASK), dev && message.code !== '' ? message.code : null);
    const transport = message.channel === 'email' ? this.options.email : this.options.sms;
    const outgoing: OutgoingMessage = {
      channel: message.channel,
      to: message.to,
      subject: message.subject,
      body: message.render(message.code),
    };
    // delivery must not hold up the answer; its outcome is recorded on the row
    void transport
      .deliver(outgoing)
      .then(() => this.mark(id, 'sent'))
      .catch((error: unknown) => {
        this.options.log.info({ err: error, outboxId: id }, 'outbox delivery failed');
        return this.mark(id, 'failed');
      })
      .catch(() => undefined);
  }

  /**
   * A message of the message queue (features/messages): recorded here like the codes, so the dev
   * outbox shows it, then handed to its transport and awaited: the queue records the outcome and
   * retries a failure itself.
   */
  async deliver(message: OutgoingMessage): Promise<void> {
    const id = await this.record(message, message.body, null);
    const transport = message.channel === 'email' ? this.options.email : this.options.sms;
    try {
      await transport.deliver(message);
    } catch (error) {
      await this.mark(id, 'failed');
      throw error;
    }
    await this.mark(id, 'sent');
  }

  /** The pending row of a message: a mobile kept as its look-up key and sealed under the current edition's key. */
  private async record(
    message: Pick<OutgoingMessage, 'channel' | 'to' | 'subject'>,
    body: string,
    devCode: string | null,
  ): Promise<string> {
    const id = randomUUID();
    const sms = message.channel === 'sms';
    const editionId = sms ? await this.options.sealingEdition() : null;
    await this.db
      .insertInto('outbox')
      .values({
        id,
        channel: message.channel,
        recipient: sms ? this.options.names.key(message.to) : message.to,
        recipient_sealed: sms ? this.options.names.sealed(message.to, editionId) : null,
        subject: message.subject,
        body,
        dev_code: devCode,
        status: 'pending',
        created_at: systemClock.monotonicIso(),
        sent_at: null,
      })
      .execute();
    return id;
  }

  /** Image-code answers are recorded only for the dev outbox (tests and newcomers). */
  async recordCaptcha(uuid: string, answer: string): Promise<void> {
    if (!this.options.devOutbox) return;
    await this.db
      .insertInto('outbox')
      .values({
        id: randomUUID(),
        channel: 'captcha',
        recipient: uuid,
        recipient_sealed: null,
        subject: null,
        body: answer,
        dev_code: answer,
        status: 'sent',
        created_at: systemClock.monotonicIso(),
        sent_at: systemClock.nowIso(),
      })
      .execute();
  }

  /** The dev outbox: recipients opened (it exists for developers to read the codes sent). */
  async list(to: string | null, limit = 50): Promise<OutboxMessage[]> {
    let query = this.db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit);
    // `to` is a captcha uuid or an e-mail (stored as they are) or a mobile (stored as its key)
    if (to) query = query.where('recipient', 'in', [to, this.options.names.key(to)]);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel as OutboxMessage['channel'],
      to: this.options.names.clear(row.recipient, row.recipient_sealed),
      code: row.dev_code,
      subject: row.subject,
      body: row.body,
      createdAt: row.created_at,
    }));
  }

  private async mark(id: string, status: 'sent' | 'failed'): Promise<void> {
    await this.db.updateTable('outbox').set({ status, sent_at: systemClock.nowIso() }).where('id', '=', id).execute();
  }
}
