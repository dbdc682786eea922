import { randomUUID } from 'node:crypto';
import type { Db, Executor } from '../../db/database.js';
import type { HotelItem, ReceptionistItem } from '../../../shared/console-api.js';
import type { Hotel, HotelQuery, Receptionist } from '../../../generated/types.js';
import type { Page } from '../../../shared/api-types.js';
import { isPostgres } from '../../db/dialect.js';
import { orderedBy, type SortColumns } from '../../db/list-order.js';
import { containsText } from '../../db/sql-fragments.js';
import { maskMobile } from '../../../shared/sensitive-fields.js';
import { AppError } from '../../http/app-error.js';
import type { DataProtection } from '../../security/data-protection.js';
import type { Audit } from '../../audit/audit.js';
import type { Editions } from '../edition/editions.js';
import { refuseDuplicates } from '../../db/unique-violation.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import type { AuditSubjects } from '../../audit/audit-subjects.js';

/** Lists are short (a summit has tens of hotels): answered whole, by name. */
const LIST_CAP = 1000;

/** The hotels' sortable columns (the `sort` enum of hotel-query). */
const HOTEL_SORT_COLUMNS: SortColumns<NonNullable<HotelQuery['sort']>> = { name: { column: 'name' } };

/** A receptionist as stored since migration 0020: the mobile's blind index and its sealed copy. */
interface StoredMobile {
  mobile_sealed: string | null;
}

/**
 * Hotels and receptionists of the current edition, kept by organisers; the reception editor picks
 * from them. Reception documents keep the name and phone as text, so deleting a list entry never
 * changes a reception already assigned.
 */
export class Hotels {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    private readonly audit: Audit,
    /** a receptionist's mobile is sealed at rest (migration 0020); answers and the audit log mask it */
    private readonly protection: DataProtection,
  ) {}

  private clearMobile(row: StoredMobile): string {
    return row.mobile_sealed === null ? '' : this.protection.open(row.mobile_sealed);
  }

  private maskedMobile(row: StoredMobile): string {
    return maskMobile(this.clearMobile(row));
  }

  /** What the audit log keeps of a receptionist, shaped like the form (readable changes): never the whole mobile. */
  private audited(row: StoredMobile & { name: string; hotel_id: string | null }): Record<string, unknown> {
    return { name: row.name, mobile: this.maskedMobile(row), ...(row.hotel_id ? { hotelId: row.hotel_id } : {}) };
  }

  /**
   * One receptionist of the current edition with the mobile in clear: what the audited "show"
   * (privacy/reveal-targets.ts) and a save sending the mask back read. Organisers only; 404
   * for an id outside the current edition.
   */
  async storedReceptionist(who: SignedInAccount, id: string): Promise<{ name: string; mobile: string }> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    const row = await this.db
      .selectFrom('receptionists')
      .select(['name', 'mobile_sealed'])
      .where('id', '=', id)
      .where('edition_id', '=', edition.id)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return { name: row.name, mobile: this.clearMobile(row) };
  }

  /**
   * The edition's receptionists with their clear mobiles, for the reception editor's saves only:
   * a receptionist picked from the (masked) list arrives as name and mask, and the stored
   * arrangement must hold the number (privacy/restore-reception-masks.ts). Never answered.
   */
  async storedReceptionists(who: SignedInAccount): Promise<{ name: string; mobile: string }[]> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    const rows = await this.db
      .selectFrom('receptionists')
      .select(['name', 'mobile_sealed'])
      .where('edition_id', '=', edition.id)
      .limit(LIST_CAP)
      .execute();
    return rows.filter((row) => row.mobile_sealed !== null).map((row) => ({ name: row.name, mobile: this.clearMobile(row) }));
  }

  /** The hotels as the organisers' list shows them (name filter, sort), whole; the export reads the same rows. */
  async hotels(who: SignedInAccount, query: HotelQuery = {}): Promise<HotelItem[]> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    return this.hotelsOf(edition.id, query);
  }

  async hotelsOf(editionId: string, query: HotelQuery): Promise<HotelItem[]> {
    let base = this.db.selectFrom('hotels').select(['id', 'name', 'address', 'phone']).where('edition_id', '=', editionId);
    if (query.name) base = base.where(containsText('name', query.name));
    return orderedBy(base, HOTEL_SORT_COLUMNS, query, 'id', isPostgres(this.db), (q) => q.orderBy('name').orderBy('id'))
      .limit(LIST_CAP)
      .execute();
  }

  /** A page of the hotels list (the export's reader): the whole list, cut into pages in its order. */
  async hotelPage(editionId: string, query: HotelQuery & { pageNum?: string; pageSize?: string }): Promise<Page<HotelItem>> {
    const { pageNum: askedNum, pageSize: askedSize, ...filters } = query;
    const all = await this.hotelsOf(editionId, filters);
    const pageNum = Number(askedNum ?? 1);
    const pageSize = Number(askedSize ?? LIST_CAP);
    return { records: all.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: all.length, pageNum, pageSize };
  }

  async receptionists(who: SignedInAccount): Promise<ReceptionistItem[]> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    const rows = await this.db
      .selectFrom('receptionists')
      .leftJoin('hotels', 'hotels.id', 'receptionists.hotel_id')
      .select([
        'receptionists.id',
        'receptionists.name',
        'receptionists.mobile_sealed',
        'receptionists.hotel_id',
        'hotels.name as hotel_name',
      ])
      .where('receptionists.edition_id', '=', edition.id)
      .orderBy('receptionists.name')
      .orderBy('receptionists.id')
      .limit(LIST_CAP)
      .execute();
    // masked in the list: the full mobile only through the audited "show"
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      mobile: this.maskedMobile(row),
      hotelId: row.hotel_id,
      hotelName: row.hotel_name ?? null,
    }));
  }

  /** A hotel of the edition as the audit log keeps it, read in the change's transaction; 404 for any other id. */
  private async storedHotel(trx: Executor, editionId: string, id: string) {
    const row = await trx
      .selectFrom('hotels')
      .select(['name', 'address', 'phone'])
      .where('id', '=', id)
      .where('edition_id', '=', editionId)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return row;
  }

  /** A receptionist of the edition (mobile still sealed), read in the change's transaction; 404 for any other id. */
  private async storedReceptionistRow(trx: Executor, editionId: string, id: string) {
    const row = await trx
      .selectFrom('receptionists')
      .select(['name', 'mobile_sealed', 'hotel_id'])
      .where('id', '=', id)
      .where('edition_id', '=', editionId)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return row;
  }

  /** Deletes a row read in this transaction: a concurrent delete of the same row may have committed since the read, and its caller won. */
  private async deleteRead(trx: Executor, table: 'hotels' | 'receptionists', id: string): Promise<void> {
    const removed = await trx.deleteFrom(table).where('id', '=', id).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw new AppError('notFound');
  }

  /** The audit entry of an organiser's change to a hotel or receptionist, labelled with its name. */
  private async recordChange(
    trx: Executor,
    who: SignedInAccount,
    change: {
      editionId: string;
      subject: 'hotel' | 'receptionist';
      verb: 'create' | 'update' | 'delete';
      id: string;
      name: string;
      at: string;
    },
    values: { before?: unknown; after?: unknown },
  ): Promise<void> {
    await this.audit.record(trx, who, {
      editionId: change.editionId,
      action: `${change.subject}.${change.verb}`,
      targetType: change.subject,
      targetId: change.id,
      targetLabel: change.name,
      ...values,
      at: change.at,
    });
  }

  async saveHotel(who: SignedInAccount, id: string | null, body: Hotel): Promise<HotelItem> {
    assertOrganiser(who);
    return refuseDuplicates(new AppError('alreadyExists'), () =>
      this.db.transaction().execute(async (trx) => {
        const edition = await this.editions.current(trx);
        const now = this.editions.now().toISOString();
        const values = { name: body.name, address: body.address ?? null, phone: body.phone ?? null };
        const change = { editionId: edition.id, subject: 'hotel', name: body.name, at: now } as const;
        if (id === null) {
          const created = { id: randomUUID(), ...values };
          await trx
            .insertInto('hotels')
            .values({ ...created, edition_id: edition.id, created_at: now })
            .execute();
          await this.recordChange(trx, who, { ...change, verb: 'create', id: created.id }, { after: values });
          return created;
        }
        const before = await this.storedHotel(trx, edition.id, id);
        await trx.updateTable('hotels').set(values).where('id', '=', id).execute();
        await this.recordChange(trx, who, { ...change, verb: 'update', id }, { before, after: values });
        return { id, ...values };
      }),
    );
  }

  async deleteHotel(who: SignedInAccount, id: string): Promise<void> {
    assertOrganiser(who);
    await this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      const before = await this.storedHotel(trx, edition.id, id);
      const staff = await trx.selectFrom('receptionists').select('id').where('hotel_id', '=', id).executeTakeFirst();
      if (staff) throw new AppError('hotelInUse');
      await this.deleteRead(trx, 'hotels', id);
      const at = this.editions.now().toISOString();
      await this.recordChange(trx, who, { editionId: edition.id, subject: 'hotel', verb: 'delete', id, name: before.name, at }, { before });
    });
  }

  async saveReceptionist(who: SignedInAccount, id: string | null, body: Receptionist): Promise<ReceptionistItem> {
    assertOrganiser(who);
    return refuseDuplicates(new AppError('alreadyExists'), () =>
      this.db.transaction().execute(async (trx) => {
        const edition = await this.editions.current(trx);
        const now = this.editions.now().toISOString();
        let hotelName: string | null = null;
        if (body.hotelId) {
          const hotel = await trx
            .selectFrom('hotels')
            .select('name')
            .where('id', '=', body.hotelId)
            .where('edition_id', '=', edition.id)
            .executeTakeFirst();
          if (!hotel) throw new AppError('notFound');
          hotelName = hotel.name;
        }
        // the blind index keeps the per-edition unique key (a second receptionist with the mobile: 409)
        const values = {
          name: body.name,
          mobile_index: this.protection.index('mobile', body.mobile),
          mobile_sealed: this.protection.seal(body.mobile, edition.id),
          hotel_id: body.hotelId ?? null,
        };
        const after = this.audited(values);
        const item = (rowId: string): ReceptionistItem => ({
          id: rowId,
          name: body.name,
          mobile: maskMobile(body.mobile),
          hotelId: body.hotelId ?? null,
          hotelName,
        });
        const change = { editionId: edition.id, subject: 'receptionist', name: body.name, at: now } as const;
        if (id === null) {
          const created = randomUUID();
          await trx
            .insertInto('receptionists')
            .values({ id: created, ...values, edition_id: edition.id, created_at: now })
            .execute();
          await this.recordChange(trx, who, { ...change, verb: 'create', id: created }, { after });
          return item(created);
        }
        const stored = await this.storedReceptionistRow(trx, edition.id, id);
        await trx.updateTable('receptionists').set(values).where('id', '=', id).execute();
        await this.recordChange(trx, who, { ...change, verb: 'update', id }, { before: this.audited(stored), after });
        return item(id);
      }),
    );
  }

  async deleteReceptionist(who: SignedInAccount, id: string): Promise<void> {
    assertOrganiser(who);
    await this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      const stored = await this.storedReceptionistRow(trx, edition.id, id);
      const before = this.audited(stored);
      await this.deleteRead(trx, 'receptionists', id);
      const at = this.editions.now().toISOString();
      const change = { editionId: edition.id, subject: 'receptionist', verb: 'delete', id, name: stored.name, at } as const;
      await this.recordChange(trx, who, change, { before });
    });
  }
}

/** Organisers' changes of hotels and receptionists. */
export const receptionAuditSubjects: AuditSubjects = { hotel: { schema: 'hotel' }, receptionist: { schema: 'receptionist' } };
