import { randomUUID } from 'node:crypto';
import type { Db, Executor } from '../../db/database.js';
import type { Activity } from '../../../generated/types.js';
import type { Page } from '../../../shared/api-types.js';
import type { ActivityCategory, ActivityStatus, ActivitySummary, AdminActivityDetail, RosterItem } from '../../../shared/activity-api.js';
import { AppError } from '../../http/app-error.js';
import type { Audit } from '../../audit/audit.js';
import type { Editions } from '../edition/editions.js';
import { versionOf } from '../../schema-versions/schema-versions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import type { ActivitySignUps } from './activity-sign-ups.js';
import { findActivity, toSignUpItem, utcOf, waitingPositions, type ActivityRow } from './activity-repository.js';
import { activityPage, activitySummaries, type ActivityPageAsked } from './activity-pages.js';
import type { AuditSubjects } from '../../audit/audit-subjects.js';

export interface AdminActivityQuery extends ActivityPageAsked {
  category?: ActivityCategory;
  status?: ActivityStatus;
}

/** Organisers' side of activities: create, edit, publish, close, assign guests, roster. */
export class Activities {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    private readonly signUps: ActivitySignUps,
    /** every organiser write below goes to the audit log in its own transaction */
    private readonly audit: Audit,
  ) {}

  private async summaries(executor: Executor, rows: ActivityRow[]): Promise<ActivitySummary[]> {
    return activitySummaries(executor, await this.editions.current(executor), this.editions.now(), rows);
  }

  async page(who: SignedInAccount, query: AdminActivityQuery): Promise<Page<ActivitySummary>> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    return this.pageOf(edition.id, query);
  }

  /** A page of the edition's activities as the organisers' list shows them (filters, sort); the export reads the same pages. */
  async pageOf(editionId: string, query: AdminActivityQuery): Promise<Page<ActivitySummary>> {
    let scoped = this.db.selectFrom('activities').where('activities.edition_id', '=', editionId);
    if (query.category) scoped = scoped.where('activities.category', '=', query.category);
    if (query.status) scoped = scoped.where('activities.status', '=', query.status);
    return activityPage(this.db, scoped, query, await this.editions.current(), this.editions.now());
  }

  private assertWindows(document: Activity): void {
    const order = (a: string | undefined, b: string | undefined) =>
      a === undefined || b === undefined || new Date(a).getTime() <= new Date(b).getTime();
    if (!order(document.startTime, document.endTime) || !order(document.signUpStart, document.signUpEnd))
      throw new AppError('activityWindowOrder');
  }

  /** The activity's own speech materials must be stored uploads checked under that rule. */
  private async assertMaterials(executor: Executor, document: Activity): Promise<void> {
    const ids = document.speechMaterials ?? [];
    if (ids.length === 0) return;
    const found = await executor
      .selectFrom('uploads')
      .select('id')
      .where('id', 'in', ids)
      .where('rule_name', '=', 'speechMaterials')
      .execute();
    if (found.length !== new Set(ids).size) throw new AppError('activitySpeechMaterialInvalid');
  }

  private columnsOf(document: Activity) {
    return {
      category: document.category,
      name: document.name,
      start_time: utcOf(document.startTime) ?? '',
      member_limit: document.memberLimit ?? null,
      sign_up_start: utcOf(document.signUpStart),
      sign_up_end: utcOf(document.signUpEnd),
      allow_entourage: document.allowEntourage ? 1 : 0,
      document: JSON.stringify(document),
      schema_version: versionOf('activity'),
    };
  }

  private async saveVisibility(trx: Executor, id: string, document: Activity): Promise<void> {
    await trx.deleteFrom('activity_visibility').where('activity_id', '=', id).execute();
    const types = document.visibleGuestTypes ?? [];
    if (types.length > 0)
      await trx
        .insertInto('activity_visibility')
        .values(types.map((guestType) => ({ activity_id: id, guest_type: guestType })))
        .execute();
  }

  /** A new activity starts as a draft: units see it once published. */
  async create(who: SignedInAccount, document: Activity): Promise<AdminActivityDetail> {
    assertOrganiser(who);
    this.assertWindows(document);
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      await this.assertMaterials(trx, document);
      const now = this.editions.now().toISOString();
      await trx
        .insertInto('activities')
        .values({ id, edition_id: edition.id, status: 'draft', ...this.columnsOf(document), created_at: now, updated_at: now })
        .execute();
      await this.saveVisibility(trx, id, document);
      await this.audit.record(trx, who, {
        editionId: edition.id,
        action: 'activity.create',
        targetType: 'activity',
        targetId: id,
        targetLabel: document.name,
        after: document,
        at: now,
      });
    });
    return this.detail(who, id);
  }

  /** A raised member limit promotes waiting people at once (each unit gets a notice). */
  async update(who: SignedInAccount, id: string, document: Activity): Promise<AdminActivityDetail> {
    assertOrganiser(who);
    this.assertWindows(document);
    await this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      const row = await findActivity(trx, edition.id, id, true);
      if (!row) throw new AppError('activityNotFound');
      await this.assertMaterials(trx, document);
      await trx
        .updateTable('activities')
        .set({ ...this.columnsOf(document), updated_at: this.editions.now().toISOString() })
        .where('id', '=', id)
        .execute();
      await this.saveVisibility(trx, id, document);
      await this.signUps.promoteWaiting(trx, { ...row, member_limit: document.memberLimit ?? null, name: document.name });
      const before = JSON.parse(row.document) as Activity;
      await this.audit.record(trx, who, {
        editionId: edition.id,
        action: 'activity.update',
        targetType: 'activity',
        targetId: id,
        targetLabel: document.name,
        before,
        after: document,
        at: this.editions.now().toISOString(),
      });
    });
    return this.detail(who, id);
  }

  async setStatus(who: SignedInAccount, id: string, status: 'published' | 'closed'): Promise<AdminActivityDetail> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    await this.db.transaction().execute(async (trx) => {
      const now = this.editions.now().toISOString();
      const row = await findActivity(trx, edition.id, id, true);
      if (!row) throw new AppError('activityNotFound');
      await trx
        .updateTable('activities')
        .set({ status, updated_at: now })
        .where('id', '=', id)
        .where('edition_id', '=', edition.id)
        .execute();
      const action = status === 'published' ? 'activity.publish' : 'activity.close';
      await this.audit.record(trx, who, {
        editionId: edition.id,
        action,
        targetType: 'activity',
        targetId: id,
        targetLabel: row.name,
        at: now,
      });
    });
    return this.detail(who, id);
  }

  /** Replaces the guests assigned to an invited activity; only approved guests can be assigned. */
  async assign(who: SignedInAccount, id: string, guestIds: string[]): Promise<AdminActivityDetail> {
    assertOrganiser(who);
    await this.db.transaction().execute(async (trx) => {
      const edition = await this.editions.current(trx);
      const row = await findActivity(trx, edition.id, id, true);
      if (!row) throw new AppError('activityNotFound');
      if (row.category !== 'invited') throw new AppError('activityNotInvitedCategory');
      const guests =
        guestIds.length === 0
          ? []
          : await trx
              .selectFrom('guests')
              .select(['id', 'unit_id', 'audit_status'])
              .where('edition_id', '=', edition.id)
              .where('id', 'in', guestIds)
              .execute();
      if (guests.length !== guestIds.length || guests.some((guest) => guest.unit_id === null)) throw new AppError('guestNotFound');
      if (guests.some((guest) => guest.audit_status !== 'approved')) throw new AppError('notApproved');
      const namesOf = async (ids: string[]) =>
        ids.length === 0
          ? []
          : (await trx.selectFrom('guests').select('name').where('id', 'in', ids).orderBy('name').execute()).map((guest) => guest.name);
      const previous = (await trx.selectFrom('activity_assignments').select('guest_id').where('activity_id', '=', id).execute()).map(
        (a) => a.guest_id,
      );
      await trx.deleteFrom('activity_assignments').where('activity_id', '=', id).execute();
      const now = this.editions.now().toISOString();
      // names, not ids: the log is read by people
      await this.audit.record(trx, who, {
        editionId: edition.id,
        action: 'activity.assign',
        targetType: 'activity',
        targetId: id,
        targetLabel: row.name,
        before: { guests: await namesOf(previous) },
        after: { guests: await namesOf(guestIds) },
        at: now,
      });
      if (guests.length > 0) {
        await trx
          .insertInto('activity_assignments')
          .values(guests.map((guest) => ({ activity_id: id, guest_id: guest.id, unit_id: guest.unit_id ?? '', created_at: now })))
          .execute();
      }
    });
    return this.detail(who, id);
  }

  async detail(who: SignedInAccount, id: string): Promise<AdminActivityDetail> {
    const row = await this.organisersActivity(who, id);
    const [summary] = await this.summaries(this.db, [row]);
    const roster = await this.rosterPage(id, 0, 10_000);
    const assigned = await this.db
      .selectFrom('activity_assignments')
      .innerJoin('guests', 'guests.id', 'activity_assignments.guest_id')
      .innerJoin('units', 'units.id', 'activity_assignments.unit_id')
      .select(['guests.id as guestId', 'guests.name as name', 'units.name as unitName'])
      .where('activity_assignments.activity_id', '=', id)
      .orderBy('units.name')
      .orderBy('guests.name')
      .execute();
    return {
      ...summary!,
      signedUp: roster.filter((item) => item.status === 'signed-up'),
      waiting: roster.filter((item) => item.status === 'waiting'),
      assignedGuests: assigned,
    };
  }

  /** The activity's name (the roster exports' file name), without reading its roster. */
  async nameOf(who: SignedInAccount, id: string): Promise<string> {
    return (await this.organisersActivity(who, id)).name;
  }

  /** The current edition's activity, for organisers (404 for another edition's or an unknown id). */
  private async organisersActivity(who: SignedInAccount, id: string): Promise<ActivityRow> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    const row = await findActivity(this.db, edition.id, id, false);
    if (!row) throw new AppError('activityNotFound');
    return row;
  }

  /** Sign-ups then the waiting list, each in order of arrival; `offset`/`limit` page the export. */
  async rosterPage(activityId: string, offset: number, limit: number, status?: RosterItem['status']): Promise<RosterItem[]> {
    let query = this.db
      .selectFrom('activity_sign_ups')
      .innerJoin('units', 'units.id', 'activity_sign_ups.unit_id')
      .selectAll('activity_sign_ups')
      .select('units.name as unit_name')
      .where('activity_sign_ups.activity_id', '=', activityId);
    if (status) query = query.where('activity_sign_ups.status', '=', status);
    const rows = await query
      // 'signed-up' sorts before 'waiting'
      .orderBy('activity_sign_ups.status')
      .orderBy('activity_sign_ups.seq')
      .orderBy('activity_sign_ups.id')
      .limit(limit)
      .offset(offset)
      .execute();
    const positions = await waitingPositions(this.db, activityId);
    return rows.map((row) => ({ ...toSignUpItem(row, positions.get(row.id) ?? null), unitName: row.unit_name }));
  }
}

/** Organisers' changes of activities. */
export const activityAuditSubjects: AuditSubjects = { activity: { schema: 'activity', namedIn: 'activities' } };
