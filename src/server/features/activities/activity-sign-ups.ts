import { randomUUID } from 'node:crypto';
import type { AutomaticMessages } from '../account/automatic-messages.js';
import type { Db } from '../../db/database.js';
import type { ActivitySignUp } from '../../../generated/types.js';
import type { EditionData } from '../../../shared/guest-api.js';
import type { SignUpItem } from '../../../shared/activity-api.js';
import { DEFAULT_LANGUAGE } from '../../../shared/constants.js';
import { AppError } from '../../http/app-error.js';
import type { Translator } from '../../http/translator.js';
import { shanghaiDate } from '../../clock.js';
import type { Editions } from '../edition/editions.js';
import { assertCanSignUpActivities } from '../guests/guest-gates.js';
import type { Executor } from '../../db/database.js';
import { refuseDuplicates } from '../../db/unique-violation.js';
import type { Guests } from '../guests/guests.js';
import { versionOf } from '../../schema-versions/schema-versions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { filesOfUnit } from '../../uploads/unit-files.js';
import { unitOf } from '../../auth/unit-access.js';
import { findActivity, signUpStateOf, toSignUpItem, visibilityOf, waitingPositions, type ActivityRow } from './activity-repository.js';

const SPEECH_RULE = 'speechMaterials';

/**
 * Units sign guests (and entourage members, where allowed) up, cancel, and attach speech
 * materials. Every write locks the activity's row (PostgreSQL; SQLite runs one transaction at a
 * time), so the member limit holds under concurrent requests and promotion happens exactly once.
 */
export class ActivitySignUps {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    private readonly guests: Guests,
    private readonly translator: Translator,
    private readonly automatic: AutomaticMessages,
  ) {}

  private today(): string {
    return shanghaiDate(this.editions.now());
  }

  /** Sign-up and cancelling end with the edition's deadline (September 28), even after sign-up closes. */
  private assertBeforeDeadline(edition: EditionData): void {
    if (this.today() > edition.itineraryDeadline) throw new AppError('activityDeadlinePassed', { deadline: edition.itineraryDeadline });
  }

  private assertOpen(row: ActivityRow, edition: EditionData): void {
    const state = signUpStateOf(row, edition, this.editions.now(), this.today());
    if (state === 'deadlinePassed') this.assertBeforeDeadline(edition);
    if (state === 'closed') throw new AppError('activityClosed');
    if (state === 'notOpen') throw new AppError('activityNotOpen', { start: row.sign_up_start ?? '' });
    if (state === 'ended') throw new AppError('activitySignUpEnded');
  }

  private async assertSpeechMaterials(trx: Executor, unitId: string, row: ActivityRow, speaker: boolean, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const document = JSON.parse(row.document) as { speaker?: boolean };
    if (!speaker || document.speaker !== true) throw new AppError('activityNotASpeaker');
    const found = await filesOfUnit(trx, unitId, ids);
    // only archives checked under the speech-material rule, uploaded by this unit
    if (ids.some((id) => found.get(id) !== SPEECH_RULE)) throw new AppError('activitySpeechMaterialInvalid');
  }

  async signUp(who: SignedInAccount, body: ActivitySignUp): Promise<SignUpItem> {
    const unitId = unitOf(who);
    return refuseDuplicates(new AppError('activityAlreadySignedUp'), () =>
      this.db.transaction().execute(async (trx) => {
        const edition = await this.editions.current(trx);
        const row = await findActivity(trx, edition.id, body.activityId, true);
        if (!row || row.status === 'draft') throw new AppError('activityNotFound');
        this.assertOpen(row, edition);
        const guest = await this.guests.load(trx, edition, unitId, body.guestId);
        // SPEC 4: approved, and the itinerary comes first: the decision the guest's gate canSignUpActivities shows
        assertCanSignUpActivities(edition, this.today(), guest.audit_status, guest.itinerary !== null);
        const visibleTo = await visibilityOf(trx, row.id);
        if (visibleTo.length > 0 && !visibleTo.includes(guest.guest_type ?? '')) throw new AppError('activityGuestTypeNotAllowed');
        if (row.category === 'invited') {
          const assigned = await trx
            .selectFrom('activity_assignments')
            .select('guest_id')
            .where('activity_id', '=', row.id)
            .where('guest_id', '=', guest.id)
            .executeTakeFirst();
          if (!assigned) throw new AppError('activityNotAssigned');
        }
        let personName = guest.name;
        if (body.memberId !== undefined) {
          if (row.allow_entourage !== 1) throw new AppError('activityNoEntourage');
          const member = await trx
            .selectFrom('entourage_members')
            .select(['id', 'name'])
            .where('id', '=', body.memberId)
            .where('guest_id', '=', guest.id)
            .executeTakeFirst();
          if (!member) throw new AppError('entourageMemberNotFound');
          personName = member.name;
        }
        const personKey = body.memberId === undefined ? `g:${guest.id}` : `m:${body.memberId}`;
        const taken = await trx
          .selectFrom('activity_sign_ups')
          .select('id')
          .where('activity_id', '=', row.id)
          .where('person_key', '=', personKey)
          .executeTakeFirst();
        if (taken) throw new AppError('activityAlreadySignedUp');
        const materials = body.speechMaterials ?? [];
        await this.assertSpeechMaterials(trx, unitId, row, body.speaker === true, materials);

        const counts = await trx
          .selectFrom('activity_sign_ups')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('activity_id', '=', row.id)
          .where('status', '=', 'signed-up')
          .executeTakeFirstOrThrow();
        const last = await trx
          .selectFrom('activity_sign_ups')
          .select((eb) => eb.fn.max('seq').as('last'))
          .where('activity_id', '=', row.id)
          .executeTakeFirstOrThrow();
        const full = row.member_limit !== null && Number(counts.n) >= row.member_limit;
        const now = this.editions.now().toISOString();
        const id = randomUUID();
        await trx
          .insertInto('activity_sign_ups')
          .values({
            id,
            activity_id: row.id,
            edition_id: edition.id,
            unit_id: unitId,
            guest_id: guest.id,
            member_id: body.memberId ?? null,
            person_key: personKey,
            person_name: personName,
            status: full ? 'waiting' : 'signed-up',
            seq: Number(last.last ?? 0) + 1,
            speaker: body.speaker === true ? 1 : 0,
            speech_materials: materials.length > 0 ? JSON.stringify(materials) : null,
            document: JSON.stringify(body),
            schema_version: versionOf('activity-sign-up'),
            created_at: now,
            updated_at: now,
          })
          .execute();
        if (!full) {
          const params = { name: personName, activity: row.name };
          await this.automatic.queue(trx, { event: 'activity-confirmed', editionId: edition.id, to: { unitId }, params });
        }
        return this.item(trx, unitId, id);
      }),
    );
  }

  /** A sign-up of the caller's unit; another unit's, or none, is not found. */
  private async ownSignUp(executor: Executor, unitId: string, id: string) {
    const row = await executor
      .selectFrom('activity_sign_ups')
      .selectAll()
      .where('id', '=', id)
      .where('unit_id', '=', unitId)
      .executeTakeFirst();
    if (!row) throw new AppError('activitySignUpNotFound');
    return row;
  }

  private async item(executor: Executor, unitId: string, id: string): Promise<SignUpItem> {
    const row = await this.ownSignUp(executor, unitId, id);
    const positions = await waitingPositions(executor, row.activity_id);
    return toSignUpItem(row, positions.get(row.id) ?? null);
  }

  /** Cancels a sign-up or waiting place; a freed place goes to the first waiting person. */
  async cancel(who: SignedInAccount, id: string): Promise<void> {
    const unitId = unitOf(who);
    await this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      const found = await this.ownSignUp(trx, unitId, id);
      const activity = await findActivity(trx, edition.id, found.activity_id, true);
      if (!activity) throw new AppError('activitySignUpNotFound');
      this.assertBeforeDeadline(edition);
      // read again under the lock: a concurrent cancel of the same sign-up finds nothing
      const deleted = await trx.deleteFrom('activity_sign_ups').where('id', '=', id).where('unit_id', '=', unitId).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw new AppError('activitySignUpNotFound');
      await this.promoteWaiting(trx, activity);
    });
  }

  /** A speaker's speech materials (replaces the previous list; an empty list removes them). */
  async setMaterials(who: SignedInAccount, id: string, materials: string[]): Promise<SignUpItem> {
    const unitId = unitOf(who);
    return this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      const row = await this.ownSignUp(trx, unitId, id);
      this.assertBeforeDeadline(edition);
      const activity = await findActivity(trx, edition.id, row.activity_id, false);
      if (!activity) throw new AppError('activitySignUpNotFound');
      await this.assertSpeechMaterials(trx, unitId, activity, true, materials);
      const document = { ...(JSON.parse(row.document) as ActivitySignUp), speaker: true, speechMaterials: materials };
      await trx
        .updateTable('activity_sign_ups')
        .set({
          speaker: 1,
          speech_materials: materials.length > 0 ? JSON.stringify(materials) : null,
          document: JSON.stringify(document),
          updated_at: this.editions.now().toISOString(),
        })
        .where('id', '=', id)
        .execute();
      return this.item(trx, unitId, id);
    });
  }

  /**
   * Frees the places of a guest (and the guest's entourage) or of one entourage member before
   * they are deleted, promoting waiting people. Call it inside the deleting transaction; without
   * it the rows still go (ON DELETE CASCADE) but nobody is promoted until the next cancel.
   */
  async releasePerson(trx: Executor, person: { guestId: string } | { memberId: string }): Promise<void> {
    const rows = await trx
      .selectFrom('activity_sign_ups')
      .select(['id', 'activity_id', 'edition_id'])
      .where('guestId' in person ? 'guest_id' : 'member_id', '=', 'guestId' in person ? person.guestId : person.memberId)
      .execute();
    // always the same lock order, so two releases cannot deadlock on PostgreSQL
    for (const activityId of [...new Set(rows.map((row) => row.activity_id))].sort()) {
      const activity = await findActivity(trx, rows[0]!.edition_id, activityId, true);
      await trx
        .deleteFrom('activity_sign_ups')
        .where(
          'id',
          'in',
          rows.filter((row) => row.activity_id === activityId).map((row) => row.id),
        )
        .execute();
      if (activity) await this.promoteWaiting(trx, activity);
    }
  }

  /**
   * Fills free places from the waiting list in order of arrival; each promoted person's unit gets
   * a notice. Runs inside the caller's transaction, with the activity's row locked.
   */
  async promoteWaiting(trx: Executor, activity: Pick<ActivityRow, 'id' | 'edition_id' | 'member_limit' | 'name'>): Promise<void> {
    const { n } = await trx
      .selectFrom('activity_sign_ups')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('activity_id', '=', activity.id)
      .where('status', '=', 'signed-up')
      .executeTakeFirstOrThrow();
    const free = activity.member_limit === null ? Number.MAX_SAFE_INTEGER : activity.member_limit - Number(n);
    if (free <= 0) return;
    const promoted = await trx
      .selectFrom('activity_sign_ups')
      .select(['id', 'unit_id', 'person_name'])
      .where('activity_id', '=', activity.id)
      .where('status', '=', 'waiting')
      .orderBy('seq')
      .limit(Math.min(free, 10_000))
      .execute();
    const now = this.editions.now().toISOString();
    for (const person of promoted) {
      await trx.updateTable('activity_sign_ups').set({ status: 'signed-up', updated_at: now }).where('id', '=', person.id).execute();
      const params = { name: person.person_name, activity: activity.name };
      await trx
        .insertInto('notices')
        .values({
          id: randomUUID(),
          edition_id: activity.edition_id,
          title: this.translator.t(DEFAULT_LANGUAGE, 'activity.notice.promotedTitle', params),
          content: this.translator.t(DEFAULT_LANGUAGE, 'activity.notice.promotedContent', params),
          // the keys and values are kept: each reader gets the notice in their own language
          title_key: 'activity.notice.promotedTitle',
          content_key: 'activity.notice.promotedContent',
          text_params: JSON.stringify(params),
          audience: null,
          unit_id: person.unit_id,
          // the notice shows at once: release times are compared with the real clock
          release_time: this.editions.now().toISOString(),
        })
        .execute();
      if (person.unit_id) {
        await this.automatic.queue(trx, {
          event: 'activity-promoted',
          editionId: activity.edition_id,
          to: { unitId: person.unit_id },
          params,
        });
      }
    }
  }
}
