import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { EditionData, EntourageItem } from '../../../shared/guest-api.js';
import { AppError } from '../../http/app-error.js';
import type { Editions } from '../edition/editions.js';
import { assertCanManageEntourage, assertEntourageRoom } from './guest-gates.js';
import { refuseDuplicates } from '../../db/unique-violation.js';
import type { Guests } from './guests.js';
import { maskIdNumber, withMaskedIdNumber } from './id-numbers.js';
import { versionOf } from '../../schema-versions/schema-versions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertPersonFiles } from './person-files.js';
import { assertOrganiser, unitOf } from '../../auth/unit-access.js';
import type { ActivityPlaces } from './activity-places.js';
import {
  consentAccountNames,
  consentAnswer,
  decideConsent,
  storedConsentOf,
  type ConsentColumns,
  type ConsentRecord,
  type StoredConsent,
} from './id-number-consents.js';
import { auditConsentGiven } from './id-number-consent-audit.js';

export interface MemberDocument {
  nameZh: string;
  idNumber: string;
  photo: string;
  businessCard?: string;
  [field: string]: unknown;
}

/** Entourage of an approved guest, up to the edition's cap, while sign-up is open. */
export class Entourage {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    private readonly guests: Guests,
    /** frees the member's activity places (promoting waiting people) before the member goes */
    private readonly activityPlaces?: ActivityPlaces,
  ) {}

  async list(who: SignedInAccount, guestId: string): Promise<EntourageItem[]> {
    const unitId = unitOf(who);
    const edition = await this.editions.current();
    return (await this.guests.detailOf(this.db, edition, await this.guests.load(this.db, edition, unitId, guestId))).entourage;
  }

  /**
   * A member of the caller's unit's guest as stored (full ID number) with its schema version:
   * what the record upgrade and an explicit "show" read. `anyUnit`: an organiser's read of any
   * guest of the edition (403 for everyone else).
   */
  async stored(
    who: SignedInAccount,
    guestId: string,
    memberId: string,
    anyUnit = false,
  ): Promise<{ id: string; document: Record<string, unknown>; schemaVersion: number }> {
    if (anyUnit) assertOrganiser(who);
    const unitId = anyUnit ? null : unitOf(who);
    const edition = await this.editions.current();
    await this.guests.load(this.db, edition, unitId, guestId);
    const row = await this.db
      .selectFrom('entourage_members')
      .select(['id', 'document', 'schema_version'])
      .where('id', '=', memberId)
      .where('guest_id', '=', guestId)
      .executeTakeFirst();
    if (!row) throw new AppError('entourageMemberNotFound');
    return { id: row.id, document: this.guests.protection.openJson('entourage-member', row.document), schemaVersion: row.schema_version };
  }

  async add(who: SignedInAccount, guestId: string, body: MemberDocument): Promise<EntourageItem> {
    return refuseDuplicates(new AppError('alreadyExists'), () =>
      this.withManageableGuest(who, guestId, async (trx, edition, unitId) => {
        const { count } = await trx
          .selectFrom('entourage_members')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('guest_id', '=', guestId)
          .executeTakeFirstOrThrow();
        assertEntourageRoom(edition, Number(count));
        const now = this.editions.now().toISOString();
        const id = randomUUID();
        const written = await this.memberColumns(trx, edition.id, unitId, who, id, body, null, now);
        await trx
          .insertInto('entourage_members')
          .values({ id, guest_id: guestId, edition_id: edition.id, unit_id: unitId, created_at: now, ...written.columns })
          .execute();
        await written.recordConsent();
        await trx.updateTable('guests').set({ updated_at: now }).where('id', '=', guestId).execute();
        return written.answer();
      }),
    );
  }

  async update(who: SignedInAccount, guestId: string, memberId: string, body: MemberDocument): Promise<EntourageItem> {
    return refuseDuplicates(new AppError('alreadyExists'), () =>
      this.withManageableGuest(who, guestId, async (trx, edition, unitId) => {
        const member = await this.findMember(trx, guestId, memberId);
        const now = this.editions.now().toISOString();
        const written = await this.memberColumns(trx, edition.id, unitId, who, memberId, body, storedConsentOf(member), now);
        await trx.updateTable('entourage_members').set(written.columns).where('id', '=', memberId).execute();
        await written.recordConsent();
        return written.answer();
      }),
    );
  }

  async remove(who: SignedInAccount, guestId: string, memberId: string): Promise<void> {
    await this.withManageableGuest(who, guestId, async (trx) => {
      await this.findMember(trx, guestId, memberId);
      await this.activityPlaces?.releasePerson(trx, { memberId });
      await trx.deleteFrom('entourage_members').where('id', '=', memberId).execute();
    });
  }

  /** Runs `work` in one transaction once the caller's guest is loaded and may have its entourage changed. */
  private async withManageableGuest<T>(
    who: SignedInAccount,
    guestId: string,
    work: (trx: Db, edition: EditionData, unitId: string) => Promise<T>,
  ): Promise<T> {
    const unitId = unitOf(who);
    return this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      // row-locked on PostgreSQL: two adds at once cannot both pass the cap
      const guest = await this.guests.load(trx, edition, unitId, guestId, true);
      assertCanManageEntourage(edition, guest.audit_status);
      return work(trx, edition, unitId);
    });
  }

  /** The member (its recorded consent and the ID number it was given for), or 404. */
  private async findMember(
    trx: Db,
    guestId: string,
    memberId: string,
  ): Promise<{
    id_number_hash: string;
    id_number_consent_version?: number | null;
    id_number_consent_at?: string | null;
    id_number_consent_by?: string | null;
  }> {
    const row = await trx
      .selectFrom('entourage_members')
      .select(['id_number_hash', 'id_number_consent_version', 'id_number_consent_at', 'id_number_consent_by'])
      .where('id', '=', memberId)
      .where('guest_id', '=', guestId)
      .executeTakeFirst();
    if (!row) throw new AppError('entourageMemberNotFound');
    return row;
  }

  /**
   * What adding and changing a member both write: the files and the ID number checked, the
   * document sealed, the consent decided (and audited once the row is written), and the answer.
   */
  private async memberColumns(
    trx: Db,
    editionId: string,
    unitId: string,
    who: SignedInAccount,
    memberId: string,
    body: MemberDocument,
    /** the member's stored consent; null for a member being added */
    stored: StoredConsent | null,
    now: string,
  ) {
    await assertPersonFiles(trx, unitId, 'entourage-member', body);
    const hash = this.guests.protection.index('idNumber', body.idNumber);
    const taken = await this.guests.repository.idNumberTaken(trx, editionId, hash, stored === null ? undefined : { memberId });
    if (taken) throw new AppError('alreadyExists');
    const masked = maskIdNumber(body.idNumber);
    const consent = decideConsent('entourage-member', body, hash, stored, now, who.id);
    return {
      columns: {
        name: body.nameZh,
        id_number_hash: hash,
        id_number_masked: masked,
        document: JSON.stringify(this.guests.protection.sealDocument('entourage-member', body, editionId)),
        schema_version: versionOf('entourage-member'),
        updated_at: now,
        ...consent.columns,
      },
      recordConsent: async () => {
        if (!consent.given) return;
        await auditConsentGiven(this.guests.audit, trx, who, {
          editionId,
          targetType: 'entourage',
          targetId: memberId,
          targetLabel: body.nameZh,
          stored,
          recorded: consent.columns,
          at: now,
        });
      },
      answer: async (): Promise<EntourageItem> => ({
        id: memberId,
        document: withMaskedIdNumber(body),
        idNumberMasked: masked,
        idNumberConsent: await answerOf(trx, consent.columns),
        schemaVersion: versionOf('entourage-member'),
      }),
    };
  }
}

/** The consent as the write answers it (given now by the caller, or kept from an earlier save by another account). */
async function answerOf(trx: Db, columns: ConsentColumns): Promise<ConsentRecord | null> {
  const names = await consentAccountNames(trx, [columns.id_number_consent_by]);
  return consentAnswer(columns.id_number_consent_version, columns.id_number_consent_at, columns.id_number_consent_by, names);
}
