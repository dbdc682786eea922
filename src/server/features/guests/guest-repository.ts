import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import { isPostgres } from '../../db/dialect.js';
import { orderedBy, type SortAsked, type SortColumns, type SortDirection } from '../../db/list-order.js';
import { containsText } from '../../db/sql-fragments.js';
import { shanghaiDayRange } from '../../clock.js';
import type { Database } from '../../db/tables.js';
import type { GuestTable } from './guest-tables.js';
import type { Page } from '../../../shared/api-types.js';
import type { AttendanceState, AuditStatus, GuestSummary, ReviewItem } from '../../../shared/guest-api.js';
import { decideConfirmAttendance, gateDecisionAnswer } from './guest-gates.js';
import { guestNameMatches } from './guest-name-search.js';
import type { SealedStore } from '../../privacy/sealed-stores.js';
import { blindIndexOf, erasedKey, mobileIndexColumn } from '../../security/sealed-documents.js';

export interface GuestListFilter {
  editionId: string;
  /** null: every unit (organisers' review queue) */
  unitId: string | null;
  status?: AuditStatus;
  /** part of the Chinese or English name */
  name?: string;
  /** part of the unit's name (organisers) */
  unitName?: string;
  /** the Asia/Shanghai day the guest was last saved: the review queue's "submitted on" */
  updatedOn?: string;
  /** the column the page is ordered by (newest first without one) */
  sort?: GuestSort;
  order?: SortDirection;
}

/** the columns `toSummary` reads (with `entourageCount`) */
/** A guest row's later steps as a new guest has them: nothing filled yet, attendance undecided. */
export const UNFILLED_GUEST_STEPS = {
  attendance: 'undecided',
  intention: null,
  intention_version: null,
  itinerary: null,
  itinerary_version: null,
  reception: null,
  reception_version: null,
  epidemic: null,
  epidemic_version: null,
} as const;

export const summaryColumns = [
  'guests.id',
  'guests.unit_id',
  'guests.name',
  'guests.name_en',
  'guests.id_number_masked',
  'guests.audit_status',
  'guests.reject_reason',
  'guests.invitation_code',
  'guests.attendance',
  'guests.itinerary_version',
  'guests.created_at',
  'guests.updated_at',
] as const;

export const entourageCount = (eb: ExpressionBuilder<Database, 'guests'>) =>
  eb
    .selectFrom('entourage_members')
    .select((inner) => inner.fn.countAll<number | string>().as('n'))
    .whereRef('entourage_members.guest_id', '=', 'guests.id')
    .as('entourage_count');

type SummaryRow = Pick<
  GuestTable,
  | 'id'
  | 'unit_id'
  | 'name'
  | 'name_en'
  | 'id_number_masked'
  | 'audit_status'
  | 'reject_reason'
  | 'invitation_code'
  | 'attendance'
  | 'itinerary_version'
  | 'created_at'
  | 'updated_at'
> & { entourage_count: number | string | null };

export function toSummary(row: SummaryRow): GuestSummary {
  return {
    id: row.id,
    nameZh: row.name,
    nameEn: row.name_en,
    idNumberMasked: row.id_number_masked ?? '',
    status: row.audit_status as AuditStatus,
    rejectReason: row.reject_reason,
    inviteCode: row.invitation_code,
    attendance: (row.attendance ?? 'undecided') as AttendanceState,
    entourageCount: Number(row.entourage_count ?? 0),
    itineraryDone: row.itinerary_version !== null,
    updatedAt: row.updated_at ?? row.created_at,
    confirmAttendanceGate: gateDecisionAnswer(decideConfirmAttendance(row.audit_status, row.itinerary_version !== null)),
  };
}

/** The rows of a page in the order its id query gave (rows read by id come in any order). */
/** The ids of the edition's units whose name contains the typed text: a guest filter's subquery. */
export function unitsNamedLike(editionId: string, text: string) {
  return (eb: ExpressionBuilder<Database, 'guests'>) =>
    eb.selectFrom('units').select('units.id').where('units.edition_id', '=', editionId).where(containsText('units.name', text));
}

/** The rows of a page of ids, read in one query (none for an empty page), in the ids' order. */
export async function rowsInIdOrder<Row extends { id: string }>(
  ids: { id: string }[],
  read: (wanted: string[]) => Promise<Row[]>,
): Promise<Row[]> {
  if (ids.length === 0) return [];
  return inOrderOf(ids, await read(ids.map((row) => row.id)));
}

function inOrderOf<Row extends { id: string }>(ids: { id: string }[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map(({ id }) => byId.get(id)).filter((row): row is Row => row !== undefined);
}

/**
 * One page of the guests a query selects, newest first, as ids: the page's ids come from an
 * index alone (both orders descending: the listing indexes of migration 0012 read backwards),
 * then the caller reads their rows, so an OFFSET skips index entries only, not the joins and
 * entourage counts of every skipped guest.
 */
export function newestGuestIds<O>(query: SelectQueryBuilder<Database, 'guests', O>, pageNum: number, pageSize: number) {
  return query
    .select('guests.id')
    .orderBy('guests.created_at', 'desc')
    .orderBy('guests.id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
}

/** The guests' sortable columns (the `sort` enums of console-guest-query and review-page-query), each on an index of migration 0034. */
export const GUEST_SORT_COLUMNS: SortColumns<GuestSort> = {
  name: { column: 'guests.name' },
  status: { column: 'guests.audit_status' },
  inviteCode: { column: 'guests.invitation_code', nullable: true },
  arrivalDate: { column: 'guests.arrival_day', nullable: true },
  updatedAt: { column: 'guests.updated_at', nullable: true },
};
export type GuestSort = 'name' | 'status' | 'inviteCode' | 'arrivalDate' | 'updatedAt';

/** One page of the guests a query selects, as ids, in the order asked (newest first without one). */
export function sortedGuestIds<O>(
  query: SelectQueryBuilder<Database, 'guests', O>,
  asked: SortAsked<GuestSort>,
  postgres: boolean,
  pageNum: number,
  pageSize: number,
) {
  if (!asked.sort) return newestGuestIds(query, pageNum, pageSize);
  return orderedBy(query.select('guests.id'), GUEST_SORT_COLUMNS, asked, 'guests.id', postgres, (q) => q)
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
}

/** Queries on guests; callers pass the unit, so every read is scoped. */
export class GuestRepository {
  constructor(private readonly db: Db) {}

  private filtered(filter: GuestListFilter, executor: Executor = this.db) {
    let query = executor.selectFrom('guests').where('guests.edition_id', '=', filter.editionId);
    query = filter.unitId === null ? query.where('guests.unit_id', 'is not', null) : query.where('guests.unit_id', '=', filter.unitId);
    if (filter.status) query = query.where('guests.audit_status', '=', filter.status);
    if (filter.name) query = query.where(guestNameMatches(executor, isPostgres(this.db), filter.editionId, filter.name));
    if (filter.unitName) query = query.where('guests.unit_id', 'in', unitsNamedLike(filter.editionId, filter.unitName));
    if (filter.updatedOn) {
      const day = shanghaiDayRange(filter.updatedOn);
      query = query.where('guests.updated_at', '>=', day.from).where('guests.updated_at', '<', day.until);
    }
    return query;
  }

  async page(filter: GuestListFilter, pageNum: number, pageSize: number): Promise<Page<GuestSummary & { unitId: string | null }>> {
    const { total } = await this.filtered(filter)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow();
    const ids = await sortedGuestIds(this.filtered(filter), filter, isPostgres(this.db), pageNum, pageSize);
    const rows = await rowsInIdOrder(ids, (wanted) =>
      this.db.selectFrom('guests').select(summaryColumns).select(entourageCount).where('guests.id', 'in', wanted).execute(),
    );
    return { records: rows.map((row) => ({ ...toSummary(row), unitId: row.unit_id })), total: Number(total), pageNum, pageSize };
  }

  async reviewPage(filter: GuestListFilter, pageNum: number, pageSize: number): Promise<Page<ReviewItem>> {
    const page = await this.page(filter, pageNum, pageSize);
    const unitIds = [...new Set(page.records.map((r) => r.unitId).filter((id): id is string => id !== null))];
    const units = unitIds.length ? await this.db.selectFrom('units').select(['id', 'name']).where('id', 'in', unitIds).execute() : [];
    const names = new Map(units.map((u) => [u.id, u.name]));
    return { ...page, records: page.records.map((r) => ({ ...r, unitId: r.unitId ?? '', unitName: names.get(r.unitId ?? '') ?? '' })) };
  }

  /** One guest of the unit in the edition, or undefined (another unit's guest is "not found"). */
  async find(executor: Executor, editionId: string, unitId: string | null, id: string, lock = false) {
    let query = executor
      .selectFrom('guests')
      .selectAll('guests')
      .select(entourageCount)
      .where('guests.id', '=', id)
      .where('guests.edition_id', '=', editionId);
    query = unitId === null ? query.where('guests.unit_id', 'is not', null) : query.where('guests.unit_id', '=', unitId);
    // PostgreSQL: concurrent writers of one guest (entourage cap) queue on its row; SQLite has no
    // FOR UPDATE and needs none (its write transactions already run one at a time)
    if (lock && isPostgres(executor)) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  /** The guest registration linked to a sign-in account (a guest's own), newest first. */
  async findByAccount(executor: Executor, editionId: string, accountId: string) {
    return executor
      .selectFrom('guests')
      .selectAll('guests')
      .select(entourageCount)
      .where('guests.account_id', '=', accountId)
      .where('guests.edition_id', '=', editionId)
      .orderBy('guests.created_at', 'desc')
      .executeTakeFirst();
  }

  /**
   * Whether a guest of ANOTHER unit (or the unit-less demo guest) of the edition has this mobile:
   * the mobile is the guest's sign-in, so one unit must not make another unit's guest account
   * show its record by reusing it.
   */
  /** `mobileIndex`: the mobile's blind index (DataProtection.index). */
  async mobileTakenByOtherUnit(executor: Executor, editionId: string, unitId: string, mobileIndex: string): Promise<boolean> {
    const other = await executor
      .selectFrom('guests')
      .select('id')
      .where('edition_id', '=', editionId)
      .where('mobile_index', '=', mobileIndex)
      .where((eb) => eb.or([eb('unit_id', '!=', unitId), eb('unit_id', 'is', null)]))
      .executeTakeFirst();
    return other !== undefined;
  }

  async idNumberTaken(
    executor: Executor,
    editionId: string,
    hash: string,
    except: { guestId?: string; memberId?: string } = {},
  ): Promise<boolean> {
    let guests = executor.selectFrom('guests').select('id').where('edition_id', '=', editionId).where('id_number_hash', '=', hash);
    if (except.guestId) guests = guests.where('id', '!=', except.guestId);
    let members = executor
      .selectFrom('entourage_members')
      .select('id')
      .where('edition_id', '=', editionId)
      .where('id_number_hash', '=', hash);
    if (except.memberId) members = members.where('id', '!=', except.memberId);
    // one query, one round trip: inside a transaction PostgreSQL's client runs two one after the other
    return (await guests.unionAll(members).limit(1).executeTakeFirst()) !== undefined;
  }
}

export type GuestRow = NonNullable<Awaited<ReturnType<GuestRepository['find']>>>;

/** Guests' and members' sealed documents with their blind indexes. */
export const guestSealedStores: SealedStore[] = [
  {
    table: 'guests',
    columns: ['mobile_index'],
    schemaOf: () => 'guest',
    derive: (p, clear, row) => ({
      id_number_hash: blindIndexOf(p, 'idNumber', clear.idNumber),
      mobile_index: mobileIndexColumn(p, clear.mobile, row.mobile_index),
    }),
    erased: () => ({ id_number_hash: null, id_number_masked: null, mobile_index: null }),
  },
  {
    table: 'entourage_members',
    columns: ['id_number_hash'],
    schemaOf: () => 'entourage-member',
    // not null (unique per edition): a purged member keeps its erased key
    derive: (p, clear, row) => ({ id_number_hash: blindIndexOf(p, 'idNumber', clear.idNumber) ?? String(row.id_number_hash) }),
    erased: (row) => ({ id_number_hash: erasedKey(row), id_number_masked: '' }),
  },
];
