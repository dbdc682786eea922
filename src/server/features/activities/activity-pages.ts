import type { SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import { isPostgres } from '../../db/dialect.js';
import { orderedBy, type SortDirection } from '../../db/list-order.js';
import { onPage, pageOf } from '../../db/paging.js';
import { containsText } from '../../db/sql-fragments.js';
import { shanghaiDate } from '../../clock.js';
import type { Page } from '../../../shared/api-types.js';
import type { ActivitySummary } from '../../../shared/activity-api.js';
import type { EditionData } from '../../../shared/guest-api.js';
import {
  ACTIVITY_SORT_COLUMNS,
  countsOf,
  noCounts,
  signUpStateOf,
  toActivitySummary,
  type ActivityRow,
  type ActivitySort,
} from './activity-repository.js';

/** What the organisers' list and a unit's tab both ask of a page of activities. */
export interface ActivityPageAsked {
  pageNum: number;
  pageSize: number;
  /** a part of the activity's name */
  name?: string;
  sort?: ActivitySort;
  order?: SortDirection;
}

/** Summaries of activity rows with their sign-up counts and the sign-up state at `now`. */
export async function activitySummaries(
  executor: Executor,
  edition: EditionData,
  now: Date,
  rows: ActivityRow[],
): Promise<ActivitySummary[]> {
  const counts = await countsOf(
    executor,
    rows.map((row) => row.id),
  );
  const today = shanghaiDate(now);
  return rows.map((row) => toActivitySummary(row, counts.get(row.id) ?? noCounts, signUpStateOf(row, edition, now, today)));
}

/**
 * A page of the activities `scoped` selects (the organisers' edition, or what a unit may see),
 * filtered by name and in the asked order, by start time without one; the id breaks ties.
 */
export async function activityPage(
  executor: Executor,
  scoped: SelectQueryBuilder<Database, 'activities', object>,
  asked: ActivityPageAsked,
  edition: EditionData,
  now: Date,
): Promise<Page<ActivitySummary>> {
  const base = asked.name ? scoped.where(containsText('activities.name', asked.name)) : scoped;
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const rows = await orderedBy(base.selectAll('activities'), ACTIVITY_SORT_COLUMNS, asked, 'activities.id', isPostgres(executor), (q) =>
    q.orderBy('activities.start_time').orderBy('activities.id'),
  )
    .$call(onPage(asked.pageNum, asked.pageSize))
    .execute();
  return pageOf(await activitySummaries(executor, edition, now, rows), total, asked.pageNum, asked.pageSize);
}
