import type { SortColumns } from '../../db/list-order.js';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import { isPostgres } from '../../db/dialect.js';
import type { ActivitySignUpTable, ActivityTable } from './activity-tables.js';
import type { Activity, ActivityPageQuery, ActivitySignUp } from '../../../generated/types.js';
import type { EditionData } from '../../../shared/guest-api.js';
import type {
  ActivityCategory,
  ActivityStatus,
  ActivitySummary,
  SignUpItem,
  SignUpState,
  SignUpStatus,
} from '../../../shared/activity-api.js';

export type ActivityRow = Selectable<ActivityTable>;
export type SignUpRow = Selectable<ActivitySignUpTable>;

export interface Counts {
  signedUp: number;
  waiting: number;
}

/** The activities' sortable columns (the `sort` enum of activity-page-query); the id breaks ties. */
export type ActivitySort = NonNullable<ActivityPageQuery['sort']>;
export const ACTIVITY_SORT_COLUMNS: SortColumns<ActivitySort> = {
  name: { column: 'activities.name' },
  category: { column: 'activities.category' },
  startTime: { column: 'activities.start_time' },
  status: { column: 'activities.status' },
};

/** Where sign-up stands for an activity at `now` (UTC instant) and `today` (Asia/Shanghai date). */
export function signUpStateOf(row: ActivityRow, edition: EditionData, now: Date, today: string): SignUpState {
  if (today > edition.itineraryDeadline) return 'deadlinePassed';
  if (row.status === 'closed') return 'closed';
  const at = now.toISOString();
  if (row.sign_up_start !== null && at < row.sign_up_start) return 'notOpen';
  if (row.sign_up_end !== null && at > row.sign_up_end) return 'ended';
  return 'open';
}

export function toActivitySummary(row: ActivityRow, counts: Counts, state: SignUpState): ActivitySummary {
  return {
    id: row.id,
    category: row.category as ActivityCategory,
    status: row.status as ActivityStatus,
    document: JSON.parse(row.document) as Activity,
    memberLimit: row.member_limit,
    signedUpCount: counts.signedUp,
    waitingCount: counts.waiting,
    full: row.member_limit !== null && counts.signedUp >= row.member_limit,
    signUpState: state,
    updatedAt: row.updated_at,
  };
}

export function toSignUpItem(row: SignUpRow, waitingPosition: number | null): SignUpItem {
  return {
    id: row.id,
    activityId: row.activity_id,
    guestId: row.guest_id,
    memberId: row.member_id,
    personName: row.person_name,
    status: row.status as SignUpStatus,
    waitingPosition: row.status === 'waiting' ? waitingPosition : null,
    speaker: row.speaker === 1,
    speechMaterials: row.speech_materials ? (JSON.parse(row.speech_materials) as string[]) : [],
    document: JSON.parse(row.document) as ActivitySignUp,
    createdAt: row.created_at,
  };
}

/** Stored timestamps are UTC ISO strings; documents carry offsets (+08:00). */
export function utcOf(dateTime: string | undefined): string | null {
  return dateTime === undefined ? null : new Date(dateTime).toISOString();
}

/** Signed-up and waiting counts of the given activities (missing = none). */
export async function countsOf(executor: Executor, activityIds: string[]): Promise<Map<string, Counts>> {
  const found = new Map<string, Counts>();
  if (activityIds.length === 0) return found;
  const rows = await executor
    .selectFrom('activity_sign_ups')
    .select(['activity_id', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('activity_id', 'in', activityIds)
    .groupBy(['activity_id', 'status'])
    .execute();
  for (const row of rows) {
    const counts = found.get(row.activity_id) ?? { signedUp: 0, waiting: 0 };
    if (row.status === 'waiting') counts.waiting = Number(row.n);
    else counts.signedUp = Number(row.n);
    found.set(row.activity_id, counts);
  }
  return found;
}

export const noCounts: Counts = { signedUp: 0, waiting: 0 };

/**
 * Reads an activity of the edition; `lock` (PostgreSQL) makes concurrent sign-ups and cancellations
 * of one activity queue on its row, so the member limit holds. SQLite runs one transaction at a time.
 */
export async function findActivity(executor: Executor, editionId: string, id: string, lock: boolean): Promise<ActivityRow | undefined> {
  let query = executor.selectFrom('activities').selectAll().where('id', '=', id).where('edition_id', '=', editionId);
  if (lock && isPostgres(executor)) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function visibilityOf(executor: Executor, activityId: string): Promise<string[]> {
  const rows = await executor
    .selectFrom('activity_visibility')
    .select('guest_type')
    .where('activity_id', '=', activityId)
    .orderBy('guest_type')
    .execute();
  return rows.map((row) => row.guest_type);
}

/** 1-based waiting-list places of the given waiting sign-ups of one activity. */
export async function waitingPositions(executor: Executor, activityId: string): Promise<Map<string, number>> {
  const rows = await executor
    .selectFrom('activity_sign_ups')
    .select('id')
    .where('activity_id', '=', activityId)
    .where('status', '=', 'waiting')
    .orderBy('seq')
    .execute();
  return new Map(rows.map((row, index) => [row.id, index + 1]));
}
