import { hostname } from 'node:os';
import { sql } from 'kysely';
import { isPostgres } from '../../db/dialect.js';
import type { Clock } from '../../clock.js';
import type { Logger, OutgoingMessage } from '../../outbox/delivery.js';
import type { MessageChannel } from '../../../shared/message-api.js';
import type { MessageDb, MessageRecipientTable } from './message-tables.js';
import { render, type MessageTexts } from './message-text.js';

export interface QueueOptions {
  /** rows one claim takes */
  batch: number;
  /** deliveries in flight at once per instance */
  parallel: number;
  /** how long a claim (and a hand-over to the transport) is this instance's; longer than the transport's own time-outs */
  leaseMs: number;
  /** attempts before a delivery is `failed` */
  maxAttempts: number;
  /** the wait after the first failure; doubled after each next one, capped at `maxBackoffMs` */
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_QUEUE_OPTIONS: QueueOptions = {
  batch: 50,
  parallel: 4,
  leaseMs: 5 * 60_000,
  maxAttempts: 6,
  backoffMs: 60_000,
  maxBackoffMs: 60 * 60_000,
};

/** What the queue hands a message to: the outbox (which records it and awaits the transport). */
export interface Deliverer {
  deliver(message: OutgoingMessage): Promise<void>;
}

export interface QueueTexts {
  /** the service-message footer, both languages */
  footer(): string;
  /** the address of a recipient row in clear */
  open(sealed: string): string;
}

type Claimed = Pick<MessageRecipientTable, 'id' | 'message_id' | 'channel' | 'address_sealed' | 'vars' | 'attempts'>;

/** The wait before attempt `attempts + 1`, after `attempts` failures. */
export function backoffAfter(attempts: number, options: Pick<QueueOptions, 'backoffMs' | 'maxBackoffMs'>): number {
  return Math.min(options.backoffMs * 2 ** Math.max(0, attempts - 1), options.maxBackoffMs);
}

/**
 * The delivery queue: each recipient row is one delivery. An instance claims due rows with a
 * lease (PostgreSQL skips rows another instance is claiming), marks a row `sending` right before
 * the transport gets it and `sent` after. A crash between the two leaves it `sending`: when its
 * lease runs out it becomes `unconfirmed` and is never sent again by itself (it may have gone
 * out), so nothing is sent twice; organisers see those and may send them again. A crash before
 * `sending` only leaves a claim, which expires and is taken again. Failures wait with a doubling
 * back-off, then stay `failed`.
 */
export class MessageQueue {
  readonly owner = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private readonly texts = new Map<string, MessageTexts>();

  constructor(
    private readonly db: MessageDb,
    private readonly outbox: Deliverer,
    private readonly queueTexts: QueueTexts,
    private readonly log: Logger,
    private readonly clock: Clock,
    readonly options: QueueOptions = DEFAULT_QUEUE_OPTIONS,
  ) {}

  /** Hand-overs whose lease ran out without an outcome become `unconfirmed`. */
  async settleLapsed(): Promise<number> {
    const result = await this.db
      .updateTable('message_recipients')
      .set({ state: 'unconfirmed', lease_owner: null, lease_until: null, last_error: 'interrupted while handed to the transport' })
      .where('state', '=', 'sending')
      .where('lease_until', '<', this.clock.nowIso())
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Claims up to `batch` due rows for this instance. */
  async claim(): Promise<Claimed[]> {
    const now = this.clock.nowIso();
    const until = this.clock.isoIn(this.options.leaseMs);
    const lock = isPostgres(this.db) ? sql`for update skip locked` : sql``;
    // one statement: the rows chosen are the rows leased (a second instance cannot take the same)
    const { rows } = await sql<Claimed>`
      update message_recipients set lease_owner = ${this.owner}, lease_until = ${until}
      where id in (
        select id from message_recipients
        where state = 'pending' and next_attempt_at <= ${now} and (lease_until is null or lease_until < ${now})
        order by next_attempt_at, id
        limit ${this.options.batch}
        ${lock}
      )
      returning id, message_id, channel, address_sealed, vars, attempts`.execute(this.db);
    return rows;
  }

  /** One round: settle lapsed hand-overs, claim a batch and deliver it. The number of rows claimed. */
  async runOnce(): Promise<number> {
    await this.settleLapsed();
    const claimed = await this.claim();
    let next = 0;
    const lanes = Array.from({ length: Math.min(this.options.parallel, claimed.length) }, async () => {
      while (next < claimed.length) await this.deliverOne(claimed[next++]!);
    });
    await Promise.all(lanes);
    return claimed.length;
  }

  private async textsOf(messageId: string): Promise<MessageTexts> {
    let texts = this.texts.get(messageId);
    if (!texts) {
      const row = await this.db
        .selectFrom('messages')
        .select(['subject_zh', 'subject_en', 'body_zh', 'body_en'])
        .where('id', '=', messageId)
        .executeTakeFirstOrThrow();
      texts = { subjectZh: row.subject_zh, subjectEn: row.subject_en, bodyZh: row.body_zh, bodyEn: row.body_en };
      if (this.texts.size > 1000) this.texts.clear();
      this.texts.set(messageId, texts);
    }
    return texts;
  }

  private async deliverOne(row: Claimed): Promise<void> {
    const handOver = await this.db
      .updateTable('message_recipients')
      .set({ state: 'sending', lease_until: this.clock.isoIn(this.options.leaseMs) })
      .where('id', '=', row.id)
      .where('state', '=', 'pending')
      .where('lease_owner', '=', this.owner)
      .executeTakeFirst();
    // the lease ran out and another instance has it now
    if (Number(handOver.numUpdatedRows) === 0) return;
    const channel = row.channel as MessageChannel;
    let outcome: { error: string } | null = null;
    try {
      const rendered = render(
        channel,
        await this.textsOf(row.message_id),
        JSON.parse(this.queueTexts.open(row.vars)) as Record<string, string>,
        this.queueTexts.footer(),
      );
      await this.outbox.deliver({ channel, to: this.queueTexts.open(row.address_sealed), ...rendered, deliveryId: row.id });
    } catch (error) {
      outcome = { error: error instanceof Error ? error.message.slice(0, 300) : 'delivery failed' };
      this.log.info({ err: error, recipientId: row.id }, 'message delivery failed');
    }
    const mine = (q: ReturnType<typeof this.update>) =>
      q.where('id', '=', row.id).where('state', '=', 'sending').where('lease_owner', '=', this.owner);
    if (!outcome) {
      await mine(this.update().set({ state: 'sent', sent_at: this.clock.nowIso(), lease_owner: null, lease_until: null })).execute();
      return;
    }
    const attempts = row.attempts + 1;
    const last = attempts >= this.options.maxAttempts;
    await mine(
      this.update().set({
        state: last ? 'failed' : 'pending',
        attempts,
        last_error: outcome.error,
        next_attempt_at: last ? this.clock.nowIso() : this.clock.isoIn(backoffAfter(attempts, this.options)),
        lease_owner: null,
        lease_until: null,
      }),
    ).execute();
  }

  private update() {
    return this.db.updateTable('message_recipients');
  }

  /** Organisers send the unconfirmed (and failed) deliveries of a message again, knowing some may arrive twice. */
  async retry(messageId: string): Promise<number> {
    const result = await this.update()
      .set({ state: 'pending', attempts: 0, next_attempt_at: this.clock.nowIso(), lease_owner: null, lease_until: null })
      .where('message_id', '=', messageId)
      .where('state', 'in', ['unconfirmed', 'failed'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
