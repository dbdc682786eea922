import type { Db } from '../../db/database.js';
import type { EntourageItem, GuestDetail } from '../../../shared/guest-api.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../audit/audit.js';
import type { Editions } from '../edition/editions.js';
import { assertCanEditItinerary } from './guest-gates.js';
import type { Executor } from '../../db/database.js';
import type { Guests } from './guests.js';
import { withMaskedIdNumber } from './id-numbers.js';
import { openReception, sealReception } from '../reception/sealed-receptions.js';
import { versionOf } from '../../schema-versions/schema-versions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser, unitOf } from '../../auth/unit-access.js';

type Document = Record<string, unknown>;

const parsed = (text: string | null | undefined): Document | null => (text ? (JSON.parse(text) as Document) : null);

/**
 * Itinerary and reception of entourage members (SPEC 3: "itinerary and reception"), and the
 * organisers' read of any guest. Kept apart from the entourage service: the member lists it
 * builds are completed here with each member's travel documents.
 */
export class EntourageTravel {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    private readonly guests: Guests,
    private readonly audit: Audit,
  ) {}

  /** Organisers: the detail of any guest of the current edition (404 unknown, 403 others). */
  async adminDetail(who: SignedInAccount, id: string): Promise<GuestDetail> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    const detail = await this.guests.detailOf(this.db, edition, await this.guests.load(this.db, edition, null, id));
    return this.withTravel(detail);
  }

  /** The guest detail with each member's itinerary and reception. */
  async withTravel(detail: GuestDetail): Promise<GuestDetail> {
    return { ...detail, entourage: await this.membersWithTravel(detail.id, detail.entourage) };
  }

  /** Members of one guest (already scoped by the caller) with their itinerary and reception. */
  async membersWithTravel(guestId: string, members: EntourageItem[], executor: Executor = this.db): Promise<EntourageItem[]> {
    const rows = await executor
      .selectFrom('entourage_members')
      .select(['id', 'itinerary', 'reception'])
      .where('guest_id', '=', guestId)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return members.map((member) => ({
      ...member,
      itinerary: parsed(byId.get(member.id)?.itinerary),
      reception: openReception(this.guests.protection, byId.get(member.id)?.reception),
    }));
  }

  /** A member's reception arrangement, opened (the caller has scoped the guest and member already). */
  async memberReception(guestId: string, memberId: string): Promise<Document | null> {
    const row = await this.db
      .selectFrom('entourage_members')
      .select('reception')
      .where('id', '=', memberId)
      .where('guest_id', '=', guestId)
      .executeTakeFirst();
    return openReception(this.guests.protection, row?.reception);
  }

  /** Unit side: same gate and deadline as the guest's itinerary; another unit's guest is 404. */
  async saveItinerary(who: SignedInAccount, guestId: string, memberId: string, itinerary: Document): Promise<EntourageItem> {
    const unitId = unitOf(who);
    return this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      const guest = await this.guests.load(trx, edition, unitId, guestId, true);
      assertCanEditItinerary(edition, this.guests.today(), guest.audit_status);
      await this.findMember(trx, guestId, memberId);
      await trx
        .updateTable('entourage_members')
        .set({
          itinerary: JSON.stringify(itinerary),
          itinerary_version: versionOf('itinerary'),
          updated_at: this.editions.now().toISOString(),
        })
        .where('id', '=', memberId)
        .execute();
      return this.member(trx, memberId);
    });
  }

  /** Organisers only; audited like the guest's reception. */
  async setReception(who: SignedInAccount, guestId: string, memberId: string, reception: Document): Promise<EntourageItem> {
    assertOrganiser(who);
    return this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      await this.guests.load(trx, edition, null, guestId, true);
      await this.findMember(trx, guestId, memberId);
      const now = this.editions.now().toISOString();
      await trx
        .updateTable('entourage_members')
        .set({
          reception: sealReception(this.guests.protection, reception, edition.id),
          reception_version: versionOf('reception'),
          updated_at: now,
        })
        .where('id', '=', memberId)
        .execute();
      await this.audit.record(trx, who, {
        editionId: edition.id,
        action: 'entourage.reception',
        targetType: 'entourage',
        targetId: memberId,
        at: now,
      });
      return this.member(trx, memberId);
    });
  }

  private async findMember(executor: Executor, guestId: string, memberId: string): Promise<void> {
    const row = await executor
      .selectFrom('entourage_members')
      .select('id')
      .where('id', '=', memberId)
      .where('guest_id', '=', guestId)
      .executeTakeFirst();
    if (!row) throw new AppError('entourageMemberNotFound');
  }

  private async member(executor: Executor, memberId: string): Promise<EntourageItem> {
    const row = await executor
      .selectFrom('entourage_members')
      .select(['id', 'document', 'id_number_masked', 'schema_version', 'itinerary', 'reception'])
      .where('id', '=', memberId)
      .executeTakeFirst();
    // removed by a concurrent request after the check: gone, as for any later reader
    if (!row) throw new AppError('entourageMemberNotFound');
    return {
      id: row.id,
      document: withMaskedIdNumber(this.guests.protection.openJson<Document>('entourage-member', row.document)),
      idNumberMasked: row.id_number_masked,
      schemaVersion: row.schema_version,
      itinerary: parsed(row.itinerary),
      reception: openReception(this.guests.protection, row.reception),
    };
  }
}
