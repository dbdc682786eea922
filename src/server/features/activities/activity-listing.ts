import type { Db } from '../../db/database.js';
import type { Page } from '../../../shared/api-types.js';
import type { ActivityCategory, ActivitySummary, UnitActivityDetail } from '../../../shared/activity-api.js';
import { AppError } from '../../http/app-error.js';
import { shanghaiDate } from '../../clock.js';
import type { Editions } from '../edition/editions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { unitOf } from '../../auth/unit-access.js';
import { countsOf, noCounts, signUpStateOf, toActivitySummary, toSignUpItem, waitingPositions } from './activity-repository.js';
import { activityPage, type ActivityPageAsked } from './activity-pages.js';
import type { ActivityPageQuery } from '../../../generated/types.js';
import { pageOf } from '../../http/route-parts.js';

export interface UnitActivityQuery extends ActivityPageAsked {
  category: ActivityCategory;
}

/** The query string of the unit's activity tab as its page reader takes it (the list and its export read it alike). */
export function unitActivityQueryOf(query: ActivityPageQuery): UnitActivityQuery {
  return { ...pageOf(query), category: query.category ?? 'committee', name: query.name, sort: query.sort, order: query.order };
}

/**
 * What a unit sees in each tab: published (or closed) activities of the category that are open to
 * every guest type or to the type of one of its approved guests; the invited tab holds only the
 * activities one of its guests is assigned to.
 */
export class ActivityListing {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
  ) {}

  private async guestTypesOf(editionId: string, unitId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('guests')
      .select('guest_type')
      .distinct()
      .where('edition_id', '=', editionId)
      .where('unit_id', '=', unitId)
      .where('audit_status', '=', 'approved')
      .where('guest_type', 'is not', null)
      .execute();
    return rows.map((row) => row.guest_type ?? '');
  }

  private async visibleQuery(editionId: string, unitId: string) {
    const types = await this.guestTypesOf(editionId, unitId);
    return this.db
      .selectFrom('activities')
      .where('activities.edition_id', '=', editionId)
      .where('activities.status', 'in', ['published', 'closed'])
      .where(({ eb, or, and, exists, not, selectFrom }) =>
        or([
          and([
            eb('activities.category', '=', 'invited'),
            exists(
              selectFrom('activity_assignments')
                .select('activity_assignments.guest_id')
                .whereRef('activity_assignments.activity_id', '=', 'activities.id')
                .where('activity_assignments.unit_id', '=', unitId),
            ),
          ]),
          and([
            eb('activities.category', '!=', 'invited'),
            or([
              not(
                exists(
                  selectFrom('activity_visibility')
                    .select('activity_visibility.guest_type')
                    .whereRef('activity_visibility.activity_id', '=', 'activities.id'),
                ),
              ),
              ...(types.length === 0
                ? []
                : [
                    exists(
                      selectFrom('activity_visibility')
                        .select('activity_visibility.guest_type')
                        .whereRef('activity_visibility.activity_id', '=', 'activities.id')
                        .where('activity_visibility.guest_type', 'in', types),
                    ),
                  ]),
            ]),
          ]),
        ]),
      );
  }

  async page(who: SignedInAccount, query: UnitActivityQuery): Promise<Page<ActivitySummary>> {
    const unitId = unitOf(who);
    const edition = await this.editions.current();
    const scoped = (await this.visibleQuery(edition.id, unitId)).where('activities.category', '=', query.category);
    return activityPage(this.db, scoped, query, edition, this.editions.now());
  }

  /** An activity the unit may see, with its own sign-ups and waiting places (404 otherwise). */
  async detail(who: SignedInAccount, id: string): Promise<UnitActivityDetail> {
    const unitId = unitOf(who);
    const edition = await this.editions.current();
    const row = await (
      await this.visibleQuery(edition.id, unitId)
    )
      .selectAll('activities')
      .where('activities.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('activityNotFound');
    const [counts, positions, mine, assigned] = await Promise.all([
      countsOf(this.db, [row.id]),
      waitingPositions(this.db, row.id),
      this.db
        .selectFrom('activity_sign_ups')
        .selectAll()
        .where('activity_id', '=', row.id)
        .where('unit_id', '=', unitId)
        .orderBy('seq')
        .execute(),
      this.db
        .selectFrom('activity_assignments')
        .select('guest_id')
        .where('activity_id', '=', row.id)
        .where('unit_id', '=', unitId)
        .execute(),
    ]);
    const now = this.editions.now();
    return {
      ...toActivitySummary(row, counts.get(row.id) ?? noCounts, signUpStateOf(row, edition, now, shanghaiDate(now))),
      mySignUps: mine.map((signUp) => toSignUpItem(signUp, positions.get(signUp.id) ?? null)),
      assignedGuestIds: assigned.map((assignment) => assignment.guest_id),
      deadline: edition.itineraryDeadline,
    };
  }
}
