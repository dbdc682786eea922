import { randomUUID } from 'node:crypto';
import type { Db, Executor } from '../../db/database.js';
import type { Page } from '../../../shared/api-types.js';
import { AppError } from '../../http/app-error.js';
import type { Translator } from '../../http/translator.js';
import type { Clock } from '../../clock.js';
import type { Audit } from '../../audit/audit.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import type { DataProtection } from '../../security/data-protection.js';
import type { Editions } from '../edition/editions.js';
import type { AutomaticMessage, AutomaticMessages } from '../account/automatic-messages.js';
import type { MessageCompose, MessagePageQuery, MessageRecipientQuery } from '../../../generated/types.js';
import { isPostgres } from '../../db/dialect.js';
import { orderedBy, type SortAsked, type SortColumns } from '../../db/list-order.js';
import { messageDb, type MessageDb, type MessageTables } from './message-tables.js';
import type { ExpressionBuilder } from 'kysely';
import { maskAddress, type Audience, type Channel, type Recipient, type RecipientSources } from './recipient-sources.js';
import { unknownPlaceholders, type MessageTexts } from './message-text.js';
import { messageChannels, type MessageItem, type MessageRecipientItem } from '../../../shared/message-api.js';

/** Recipients listed per batch (and per transaction) while a message is expanded. */
export const EXPAND_BATCH = 500;
/** Rows per insert statement (SQLite's bound-parameter limit). */
const INSERT_CHUNK = 200;
const EXPAND_LEASE_MS = 2 * 60_000;

/** Automatic events' texts: `server.messages.auto.<event>.subject|body`, read in both languages. */
const EVENT_TEXT: Record<AutomaticMessage['event'], string> = {
  'account-registered': 'accountRegistered',
  'guest-approved': 'guestApproved',
  'guest-rejected': 'guestRejected',
  'activity-confirmed': 'activityConfirmed',
  'activity-promoted': 'activityPromoted',
};

export type Reminder = 'itinerary' | 'incomplete';

export type MessageSort = NonNullable<MessagePageQuery['sort']>;
export type DeliverySort = NonNullable<MessageRecipientQuery['sort']>;

/** The messages' sortable columns (the `sort` enum of message-page-query); an edition has tens or hundreds of messages. */
const MESSAGE_SORT_COLUMNS: SortColumns<MessageSort> = {
  kind: { column: 'kind' },
  recipients: { column: 'recipient_count' },
  createdAt: { column: 'created_at' },
};

/**
 * A message's deliveries' sortable columns (the `sort` enum of message-recipient-query). The name
 * and unit shown are sealed inside each delivery's variables, so the database cannot order by them.
 */
const DELIVERY_SORT_COLUMNS: SortColumns<DeliverySort> = {
  channel: { column: 'channel' },
  state: { column: 'state' },
  attempts: { column: 'attempts' },
  sentAt: { column: 'sent_at', nullable: true },
};

/**
 * Messages to people: what organisers write to chosen guests, units or a saved guest filter,
 * and what the portal writes itself on events and reminders. A message is stored once with its
 * texts; its recipients are listed off the request in batches (expandNext), one row per
 * recipient and channel, which the queue (message-queue.ts) delivers.
 */
export class Messages implements AutomaticMessages {
  private readonly tables: MessageDb;

  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    private readonly sources: RecipientSources,
    private readonly protection: DataProtection,
    private readonly translator: Translator,
    private readonly audit: Audit,
    private readonly clock: Clock,
    private readonly summitName: string,
    /** told when there is something new to send (the worker wakes up) */
    private readonly wake: () => void,
  ) {
    this.tables = messageDb(db);
  }

  async compose(who: SignedInAccount, body: MessageCompose): Promise<{ id: string }> {
    assertOrganiser(who);
    const audience = audienceOf(body);
    for (const [field, text] of Object.entries({
      subjectZh: body.subjectZh,
      subjectEn: body.subjectEn,
      bodyZh: body.bodyZh,
      bodyEn: body.bodyEn,
    })) {
      const unknown = unknownPlaceholders(text);
      if (unknown.length > 0)
        throw new AppError('messagePlaceholderUnknown', { names: unknown.map((name) => `{${name}}`).join(', ') }, `/${field}`);
    }
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      const at = this.clock.nowIso();
      await messageDb(trx)
        .insertInto('messages')
        .values({
          ...this.row(id, edition.id, 'manual', null, body.channels, body),
          audience: JSON.stringify(audience),
          state: 'expanding',
          created_by: who.id,
          created_at: at,
        })
        .execute();
      await this.audit.record(trx, who, {
        editionId: edition.id,
        action: 'message.send',
        targetType: 'message',
        targetId: id,
        targetLabel: body.subjectZh,
        at,
      });
    });
    this.wake();
    return { id };
  }

  private row(id: string, editionId: string, kind: string, dedupeKey: string | null, channels: Channel[], texts: MessageTexts) {
    return {
      id,
      edition_id: editionId,
      kind,
      dedupe_key: dedupeKey,
      channels: JSON.stringify(channels),
      subject_zh: texts.subjectZh,
      subject_en: texts.subjectEn,
      body_zh: texts.bodyZh,
      body_en: texts.bodyEn,
      expand_cursor: null,
      expand_owner: null,
      expand_lease_until: null,
      recipient_count: 0,
    };
  }

  /**
   * Lists the next batch of one message's recipients (a message being listed by nobody, or by
   * an instance whose lease ran out). True when a batch was listed. Crash-safe: the cursor moves
   * in the batch's transaction, and a row listed twice is one row (unique per message, recipient
   * and channel).
   */
  async expandNext(owner: string): Promise<boolean> {
    const now = this.clock.nowIso();
    const free = (eb: ExpressionBuilder<MessageTables, 'messages'>) =>
      eb.or([eb('expand_lease_until', 'is', null), eb('expand_lease_until', '<', now), eb('expand_owner', '=', owner)]);
    const candidate = await this.tables
      .selectFrom('messages')
      .select(['id'])
      .where('state', '=', 'expanding')
      .where(free)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return false;
    const leased = await this.tables
      .updateTable('messages')
      .set({ expand_owner: owner, expand_lease_until: this.clock.isoIn(EXPAND_LEASE_MS) })
      .where('id', '=', candidate.id)
      .where('state', '=', 'expanding')
      .where(free)
      .executeTakeFirst();
    if (Number(leased.numUpdatedRows) === 0) return false;
    const message = await this.tables.selectFrom('messages').selectAll().where('id', '=', candidate.id).executeTakeFirstOrThrow();
    const audience = JSON.parse(message.audience ?? '{"units":[]}') as Audience;
    const channels = JSON.parse(message.channels) as Channel[];
    // read before the write transaction (SQLite has one connection: a read beside an open transaction would wait for it)
    const batch = await this.sources.batch(message.edition_id, audience, channels, message.expand_cursor, EXPAND_BATCH);
    return this.db.transaction().execute(async (trx) => {
      const tables = messageDb(trx);
      // the cursor moves only from where this batch started, and only while the lease is this instance's
      const moved = await tables
        .updateTable('messages')
        .set({
          expand_cursor: batch.next,
          ...(batch.next === null ? { state: 'queued', expand_owner: null, expand_lease_until: null } : {}),
        })
        .where('id', '=', message.id)
        .where('expand_owner', '=', owner)
        .where((eb) => (message.expand_cursor === null ? eb('expand_cursor', 'is', null) : eb('expand_cursor', '=', message.expand_cursor)))
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return false;
      await this.insertRecipients(tables, message.id, message.edition_id, batch.recipients);
      const { n } = await tables
        .selectFrom('message_recipients')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('message_id', '=', message.id)
        .executeTakeFirstOrThrow();
      await tables
        .updateTable('messages')
        .set({ recipient_count: Number(n) })
        .where('id', '=', message.id)
        .execute();
      return true;
    });
  }

  /** A recipient's placeholder values; none once the edition's key is destroyed by the purge. */
  private openedVars(sealed: string): Record<string, string> {
    try {
      return JSON.parse(this.protection.open(sealed)) as Record<string, string>;
    } catch {
      return {};
    }
  }

  /**
   * The address and the placeholders' values (names) are sealed under the edition's key, so the
   * retention purge, which destroys that key, leaves nothing of them that opens.
   */
  private async insertRecipients(trx: MessageDb, messageId: string, editionId: string, recipients: Recipient[]): Promise<void> {
    const at = this.clock.nowIso();
    for (let i = 0; i < recipients.length; i += INSERT_CHUNK) {
      const values = recipients.slice(i, i + INSERT_CHUNK).map((recipient) => ({
        id: randomUUID(),
        message_id: messageId,
        recipient_key: recipient.key,
        channel: recipient.channel,
        address_sealed: this.protection.seal(recipient.address, editionId),
        address_masked: maskAddress(recipient.channel, recipient.address),
        vars: this.protection.seal(JSON.stringify(recipient.vars), editionId),
        state: 'pending',
        attempts: 0,
        next_attempt_at: at,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        sent_at: null,
        created_at: at,
      }));
      await trx
        .insertInto('message_recipients')
        .values(values)
        .onConflict((conflict) => conflict.columns(['message_id', 'recipient_key', 'channel']).doNothing())
        .execute();
    }
  }

  /** An event's message, in the event's transaction: its recipients are the account, or the unit's accounts. */
  async queue(trx: Executor, message: AutomaticMessage): Promise<void> {
    const recipients = await this.sources.accounts(trx, message.to);
    if (recipients.length === 0) return;
    const texts = this.eventTexts(EVENT_TEXT[message.event], message.params);
    const id = randomUUID();
    const tables = messageDb(trx);
    const channels = [...new Set(recipients.map((recipient) => recipient.channel))];
    await tables
      .insertInto('messages')
      .values({
        ...this.row(id, message.editionId, message.event, null, channels, texts),
        audience: null,
        state: 'queued',
        created_by: null,
        created_at: this.clock.nowIso(),
      })
      .execute();
    await this.insertRecipients(tables, id, message.editionId, recipients);
    await tables.updateTable('messages').set({ recipient_count: recipients.length }).where('id', '=', id).execute();
    this.wake();
  }

  /** An event's texts in both languages; `params` filled now, the recipient's placeholders ({name}, {unit}, {link}) at delivery. */
  private eventTexts(key: string, params: Record<string, string>): MessageTexts {
    // the recipient's own placeholders are single-braced ({name}, {unit}, {link}): the translator leaves them
    const values = { ...params, summit: this.summitName };
    const text = (language: 'zh-CN' | 'en', part: string) => this.translator.t(language, `server.messages.auto.${key}.${part}`, values);
    return {
      subjectZh: text('zh-CN', 'subject'),
      subjectEn: text('en', 'subject'),
      bodyZh: text('zh-CN', 'body'),
      bodyEn: text('en', 'body'),
    };
  }

  /**
   * A reminder to the units it chases, once per `dedupeKey` (a day, a stage before the deadline):
   * two instances running the job both try, the unique key keeps one message.
   */
  async remind(reminder: Reminder, dedupeKey: string): Promise<boolean> {
    const edition = await this.editions.current();
    const key = reminder === 'itinerary' ? 'itineraryReminder' : 'incompleteReminder';
    const texts = this.eventTexts(key, { deadline: edition.itineraryDeadline });
    const inserted = await this.tables
      .insertInto('messages')
      .values({
        ...this.row(randomUUID(), edition.id, `${reminder}-reminder`, `${dedupeKey}`, [...messageChannels], texts),
        audience: JSON.stringify({ reminder } satisfies Audience),
        state: 'expanding',
        created_by: null,
        created_at: this.clock.nowIso(),
      })
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
      .executeTakeFirst();
    const created = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    if (created) this.wake();
    return created;
  }

  /** A page of the edition's messages: newest first, or by the column asked (then by id). */
  async page(who: SignedInAccount, pageNum: number, pageSize: number, asked: SortAsked<MessageSort> = {}): Promise<Page<MessageItem>> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    const base = this.tables.selectFrom('messages').where('edition_id', '=', edition.id);
    const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const selected = base.select(['id', 'kind', 'subject_zh', 'subject_en', 'channels', 'state', 'recipient_count', 'created_at']);
    const rows = await orderedBy(selected, MESSAGE_SORT_COLUMNS, asked, 'id', isPostgres(this.db), (query) =>
      query.orderBy('created_at', 'desc').orderBy('id'),
    )
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    const counts = await this.stateCounts(rows.map((row) => row.id));
    const records = rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      subjectZh: row.subject_zh,
      subjectEn: row.subject_en,
      channels: JSON.parse(row.channels) as Channel[],
      state: row.state as MessageItem['state'],
      recipients: Number(row.recipient_count),
      createdAt: row.created_at,
      ...emptyCounts(),
      ...counts.get(row.id),
    }));
    return { records, total: Number(total), pageNum, pageSize };
  }

  private async stateCounts(ids: string[]): Promise<Map<string, Record<string, number>>> {
    const counts = new Map<string, Record<string, number>>();
    if (ids.length === 0) return counts;
    const rows = await this.tables
      .selectFrom('message_recipients')
      .select(['message_id', 'state', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('message_id', 'in', ids)
      .groupBy(['message_id', 'state'])
      .execute();
    for (const row of rows) counts.set(row.message_id, { ...counts.get(row.message_id), [row.state]: Number(row.n) });
    return counts;
  }

  async recipients(
    who: SignedInAccount,
    messageId: string,
    pageNum: number,
    pageSize: number,
    state?: string,
    asked: SortAsked<DeliverySort> = {},
  ): Promise<Page<MessageRecipientItem>> {
    assertOrganiser(who);
    await this.own(messageId);
    let base = this.tables.selectFrom('message_recipients').where('message_id', '=', messageId);
    if (state) base = base.where('state', '=', state);
    const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const selected = base.select([
      'id',
      'recipient_key',
      'channel',
      'address_masked',
      'vars',
      'state',
      'attempts',
      'next_attempt_at',
      'last_error',
      'sent_at',
    ]);
    const rows = await orderedBy(selected, DELIVERY_SORT_COLUMNS, asked, 'id', isPostgres(this.db), (query) =>
      query.orderBy('created_at').orderBy('id'),
    )
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    const records = rows.map((row) => {
      const vars = this.openedVars(row.vars);
      return {
        id: row.id,
        name: vars.name ?? '',
        unit: vars.unit ?? '',
        channel: row.channel as Channel,
        address: row.address_masked,
        state: row.state as MessageRecipientItem['state'],
        attempts: Number(row.attempts),
        nextAttemptAt: row.state === 'pending' ? row.next_attempt_at : null,
        lastError: row.last_error,
        sentAt: row.sent_at,
      };
    });
    return { records, total: Number(total), pageNum, pageSize };
  }

  private async own(messageId: string): Promise<void> {
    const edition = await this.editions.current();
    const row = await this.tables
      .selectFrom('messages')
      .select('id')
      .where('id', '=', messageId)
      .where('edition_id', '=', edition.id)
      .executeTakeFirst();
    if (!row) throw new AppError('messageNotFound');
  }

  /** Organisers send a message's unconfirmed and failed deliveries again (knowing an unconfirmed one may arrive twice). */
  async retry(who: SignedInAccount, messageId: string, resend: (id: string) => Promise<number>): Promise<{ queued: number }> {
    assertOrganiser(who);
    await this.own(messageId);
    const queued = await resend(messageId);
    this.wake();
    return { queued };
  }
}

function emptyCounts() {
  return { pending: 0, sending: 0, sent: 0, failed: 0, unconfirmed: 0 };
}

/** Exactly one audience: chosen guests, chosen units, or a saved guest filter. */
function audienceOf(body: MessageCompose): Audience {
  const given = [body.guestIds?.length ? 'guests' : null, body.unitIds?.length ? 'units' : null, body.filter ? 'filter' : null].filter(
    Boolean,
  );
  if (given.length !== 1) throw new AppError('messageAudience');
  if (body.guestIds?.length) return { guests: body.guestIds };
  if (body.unitIds?.length) return { units: body.unitIds };
  return { filter: body.filter ?? {} };
}
