import type { Db } from '../../db/database.js';
import type { AttendanceState, EditionData, GuestSummary } from '../../../shared/guest-api.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../audit/audit.js';
import type { Editions } from '../edition/editions.js';
import { assertCanConfirmAttendance, assertCanEditEpidemicInfo, assertCanEditItinerary } from './guest-gates.js';
import { toSummary, type GuestRow } from './guest-repository.js';
import type { GuestTable } from './guest-tables.js';
import type { Updateable } from 'kysely';
import type { Guests } from './guests.js';
import { versionOf } from '../../schema-versions/schema-versions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { filesOfUnit } from '../../uploads/unit-files.js';
import { unitOf } from '../../auth/unit-access.js';
import type { ActivityPlaces } from './activity-places.js';

/** The steps after the basic information: intention, itinerary, attendance, photo change, deregistration. */
export class GuestSteps {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    private readonly guests: Guests,
    private readonly audit: Audit,
    /** frees the guest's activity places (promoting waiting people) before the guest goes */
    private readonly activityPlaces?: ActivityPlaces,
  ) {}

  async saveIntention(who: SignedInAccount, id: string, intention: Record<string, unknown>): Promise<GuestSummary> {
    return this.change(
      who,
      id,
      (row, edition) => {
        if (edition.signUpClosed) throw new AppError('signUpClosed');
        if (row.audit_status === 'rejected') throw new AppError('guestRejected');
      },
      { intention: JSON.stringify(intention), intention_version: versionOf('attendance-intention') },
    );
  }

  /** Editable after sign-up closes, until the itinerary deadline (Asia/Shanghai date, inclusive). */
  async saveItinerary(who: SignedInAccount, id: string, itinerary: Record<string, unknown>): Promise<GuestSummary> {
    return this.change(who, id, (row, edition) => assertCanEditItinerary(edition, this.guests.today(), row.audit_status), {
      itinerary: JSON.stringify(itinerary),
      itinerary_version: versionOf('itinerary'),
    });
  }

  /** Approved guests only ("The guest must be approved first" otherwise). */
  async saveEpidemic(who: SignedInAccount, id: string, epidemic: Record<string, unknown>): Promise<GuestSummary> {
    return this.change(who, id, (row) => assertCanEditEpidemicInfo(row.audit_status), {
      epidemic: JSON.stringify(epidemic),
      epidemic_version: versionOf('epidemic-prevention'),
    });
  }

  async setAttendance(who: SignedInAccount, id: string, state: AttendanceState): Promise<GuestSummary> {
    return this.change(
      who,
      id,
      (row) => {
        if (state === 'attending') assertCanConfirmAttendance(row.audit_status, row.itinerary_version !== null);
      },
      { attendance: state },
    );
  }

  /**
   * One step of the caller's unit's guest saved: the guest loaded and locked, `gate` asked,
   * `columns` written with the time, and the guest's summary as it now stands.
   */
  private change(
    who: SignedInAccount,
    id: string,
    gate: (row: GuestRow, edition: EditionData) => void,
    columns: Omit<Updateable<GuestTable>, 'updated_at'>,
  ): Promise<GuestSummary> {
    const unitId = unitOf(who);
    return this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      gate(await this.guests.load(trx, edition, unitId, id, true), edition);
      await trx
        .updateTable('guests')
        .set({ ...columns, updated_at: this.editions.now().toISOString() })
        .where('id', '=', id)
        .execute();
      return toSummary(await this.guests.load(trx, edition, unitId, id));
    });
  }

  /** Deregistration: the guest and the entourage are removed; the audit log keeps who did it. */
  async deregister(who: SignedInAccount, id: string): Promise<void> {
    const unitId = unitOf(who);
    await this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      await this.guests.load(trx, edition, unitId, id, true);
      await this.activityPlaces?.releasePerson(trx, { guestId: id });
      await trx.deleteFrom('entourage_members').where('guest_id', '=', id).execute();
      await trx.deleteFrom('guests').where('id', '=', id).execute();
      await this.audit.record(trx, who, {
        editionId: edition.id,
        action: 'guest.deregister',
        targetType: 'guest',
        targetId: id,
        reason: null,
        at: this.editions.now().toISOString(),
      });
    });
  }

  /**
   * A new photo after approval needs a reason and sends the guest back to review. Before
   * approval the photo is part of the basic information ("photo change failed" here).
   */
  async changePhoto(who: SignedInAccount, id: string, photo: string, reason: string): Promise<GuestSummary> {
    const unitId = unitOf(who);
    return this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      const row = await this.guests.load(trx, edition, unitId, id, true);
      if (row.audit_status !== 'approved') throw new AppError('photoChangeFailed');
      const document = JSON.parse(row.document) as Record<string, unknown>;
      if (document.photo === photo) throw new AppError('uploadNewPhoto');
      if ((await filesOfUnit(trx, unitId, [photo])).get(photo) !== 'photo') throw new AppError('photoChangeFailed');
      const now = this.editions.now().toISOString();
      await trx
        .updateTable('guests')
        .set({ document: JSON.stringify({ ...document, photo }), audit_status: 'pending', reject_reason: null, updated_at: now })
        .where('id', '=', id)
        .execute();
      await this.audit.record(trx, who, {
        editionId: edition.id,
        action: 'guest.photo-change',
        targetType: 'guest',
        targetId: id,
        reason,
        at: now,
      });
      return toSummary(await this.guests.load(trx, edition, unitId, id));
    });
  }
}
