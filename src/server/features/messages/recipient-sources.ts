import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Db, Executor } from '../../db/database.js';
import type { DataProtection } from '../../security/data-protection.js';
import type { AccountNames } from '../../auth/account-names.js';
import { maskMobile } from '../../../shared/sensitive-fields.js';
import { unitTypes } from '../../../shared/schema-enums.js';
import type { ConsoleGuestQuery } from '../../../generated/types.js';
import type { MessageChannel } from '../../../shared/message-api.js';
import type { ConsoleGuests } from '../guests/console-guests.js';

export type Channel = MessageChannel;

/** Whom a message is for: chosen guests or units, a saved guest filter, or the units a reminder chases. */
export type Audience =
  | { guests: string[] }
  | { units: string[] }
  | { filter: Omit<ConsoleGuestQuery, 'pageNum' | 'pageSize'> }
  | { reminder: 'itinerary' | 'incomplete' };

/** One delivery to list: a person on one channel, with the placeholders' values. */
export interface Recipient {
  key: string;
  channel: Channel;
  address: string;
  vars: Record<string, string>;
}

/** A batch of recipients and where the next batch starts (null: the audience is exhausted). */
export interface RecipientBatch {
  recipients: Recipient[];
  next: string | null;
}

export function maskAddress(channel: Channel, address: string): string {
  if (channel === 'sms') return maskMobile(address);
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** The account types that maintain a unit: a unit's messages go to these accounts. */
const UNIT_ACCOUNTS = [...unitTypes];

/**
 * Lists recipients in keyset batches by the source's id (guest or unit), so a message to a
 * hundred thousand people is listed a batch at a time, off the request, and resumes where it
 * stopped after a crash.
 */
export class RecipientSources {
  constructor(
    private readonly db: Db,
    private readonly protection: DataProtection,
    private readonly names: AccountNames,
    private readonly consoleGuests: ConsoleGuests,
    private readonly link: string,
  ) {}

  async batch(editionId: string, audience: Audience, channels: Channel[], after: string | null, size: number): Promise<RecipientBatch> {
    if ('guests' in audience) return this.guestBatch(sortedAfter(audience.guests, after, size), channels, size);
    if ('filter' in audience)
      return this.guestBatch(await this.consoleGuests.matchingIds(editionId, audience.filter, after, size), channels, size);
    const unitIds =
      'units' in audience ? sortedAfter(audience.units, after, size) : await this.reminderUnits(editionId, audience.reminder, after, size);
    return this.unitBatch(unitIds, channels, size);
  }

  private async guestBatch(ids: string[], channels: Channel[], size: number): Promise<RecipientBatch> {
    if (ids.length === 0) return { recipients: [], next: null };
    const rows = await this.db
      .selectFrom('guests')
      .leftJoin('units', 'units.id', 'guests.unit_id')
      .select(['guests.id', 'guests.name', 'guests.name_en', 'guests.email', 'guests.document', 'units.name as unit_name'])
      .where('guests.id', 'in', ids)
      .orderBy('guests.id')
      .execute();
    const recipients: Recipient[] = [];
    for (const row of rows) {
      const document = this.protection.openDocument('guest', JSON.parse(row.document) as Record<string, unknown>);
      const vars = {
        name: row.name,
        nameEn: row.name_en ?? row.name,
        guest: row.name,
        guestEn: row.name_en ?? row.name,
        unit: row.unit_name ?? '',
        link: this.link,
      };
      const addresses: Record<Channel, unknown> = { email: row.email ?? document.email, sms: document.mobile };
      for (const channel of channels) {
        const address = addresses[channel];
        if (typeof address === 'string' && address !== '') recipients.push({ key: `g:${row.id}`, channel, address, vars });
      }
    }
    return { recipients, next: ids.length < size ? null : ids[ids.length - 1]! };
  }

  /** A unit's messages go to its accounts, each on its own channel (an e-mail or a mobile account). */
  private async unitBatch(unitIds: string[], channels: Channel[], size: number): Promise<RecipientBatch> {
    if (unitIds.length === 0) return { recipients: [], next: null };
    const rows = await this.accountsOf({ unitIds });
    const recipients = rows.filter((row) => channels.includes(row.channel));
    return { recipients, next: unitIds.length < size ? null : unitIds[unitIds.length - 1]! };
  }

  /** The unit accounts of one unit, or one account: the addressees of an automatic message. */
  async accounts(executor: Executor, to: { unitId: string } | { accountId: string }): Promise<Recipient[]> {
    return 'unitId' in to ? this.accountsOf({ unitIds: [to.unitId] }, executor) : this.accountsOf({ accountId: to.accountId }, executor);
  }

  private async accountsOf(where: { unitIds: string[] } | { accountId: string }, executor: Executor = this.db): Promise<Recipient[]> {
    let q = executor
      .selectFrom('accounts')
      .leftJoin('units', 'units.id', 'accounts.unit_id')
      .select(['accounts.id', 'accounts.account', 'accounts.account_sealed', 'accounts.name', 'units.name as unit_name']);
    q =
      'unitIds' in where
        ? q.where('accounts.unit_id', 'in', where.unitIds).where('accounts.user_type', 'in', UNIT_ACCOUNTS)
        : q.where('accounts.id', '=', where.accountId);
    const rows = await q.orderBy('accounts.id').execute();
    return rows.map((row) => ({
      key: `a:${row.id}`,
      channel: row.account_sealed === null ? ('email' as const) : ('sms' as const),
      address: this.names.clear(row.account, row.account_sealed),
      vars: { name: row.name, nameEn: row.name, unit: row.unit_name ?? '', guest: '', guestEn: '', link: this.link },
    }));
  }

  /**
   * Units a reminder chases: approved guests still coming without an itinerary, or units whose
   * registration is unfinished (unit information never saved, or a guest waiting for its
   * attendance intention).
   */
  private async reminderUnits(
    editionId: string,
    reminder: 'itinerary' | 'incomplete',
    after: string | null,
    size: number,
  ): Promise<string[]> {
    let q = this.db.selectFrom('units').select('units.id').where('units.edition_id', '=', editionId);
    if (after !== null) q = q.where('units.id', '>', after);
    const guestsOfUnit = (eb: ExpressionBuilder<Database, 'units'>) =>
      eb
        .selectFrom('guests')
        .select(sql<number>`1`.as('one'))
        .whereRef('guests.unit_id', '=', 'units.id');
    if (reminder === 'itinerary') {
      q = q.where((eb) =>
        eb.exists(
          guestsOfUnit(eb)
            .where('guests.audit_status', '=', 'approved')
            .where('guests.itinerary', 'is', null)
            .where((inner) =>
              inner.or([inner('guests.attendance', 'is', null), inner('guests.attendance', 'not in', ['not-attending', 'cancelled'])]),
            ),
        ),
      );
    } else {
      q = q.where((eb) =>
        eb.or([
          eb('units.complete', '=', 0),
          eb.exists(guestsOfUnit(eb).where('guests.audit_status', '!=', 'rejected').where('guests.intention', 'is', null)),
        ]),
      );
    }
    const rows = await q.orderBy('units.id').limit(size).execute();
    return rows.map((row) => row.id);
  }
}

function sortedAfter(ids: string[], after: string | null, size: number): string[] {
  return [...new Set(ids)]
    .sort()
    .filter((id) => after === null || id > after)
    .slice(0, size);
}
