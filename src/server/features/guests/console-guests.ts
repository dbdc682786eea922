import { shanghaiDayRange } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { isPostgres } from '../../db/dialect.js';
import type { Page } from '../../../shared/api-types.js';
import type { ConsoleGuestItem, UnitChoice } from '../../../shared/console-api.js';
import type { ConsoleGuestQuery } from '../../../generated/types.js';
import { entourageCount, rowsInIdOrder, sortedGuestIds, summaryColumns, toSummary, unitsNamedLike } from './guest-repository.js';
import type { Editions } from '../edition/editions.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser, storedUnitTypes } from '../../auth/unit-access.js';
import { containsText, legDate } from '../../db/sql-fragments.js';
import { guestNameMatches, nameSuffixesMatching, searchesNameSuffixes } from './guest-name-search.js';
import { invitationCodeCandidates } from '../invitations/invitation-codes.js';
import type { ListTotals } from '../../db/list-totals.js';
import { UNANSWERED_ATTENDANCE } from './guest-figures.js';

const UNIT_CHOICES = 50;

/** Organisers' guest search across units (SPEC 4 console) and the unit picker of the console forms. */
export class ConsoleGuests {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
    private readonly totals: ListTotals,
  ) {}

  private filtered(editionId: string, query: ConsoleGuestQuery) {
    // no join: SQLite counted the edition's guests through one units look-up each
    let q = this.db.selectFrom('guests').where('guests.edition_id', '=', editionId).where('guests.unit_id', 'is not', null);
    if (query.status) q = q.where('guests.audit_status', '=', query.status);
    // whatever case it is typed in: guests keep the code as stored (invitation-codes.ts), on the (edition_id, invitation_code) index
    if (query.inviteCode) q = q.where('guests.invitation_code', 'in', invitationCodeCandidates(query.inviteCode));
    if (query.name) q = q.where(guestNameMatches(this.db, isPostgres(this.db), editionId, query.name));
    if (query.unitName) q = q.where('guests.unit_id', 'in', unitsNamedLike(editionId, query.unitName));
    // the generated column of migration 0023 (the same day as legDate), on its listing index
    if (query.arrivalDate) q = q.where('guests.arrival_day', '=', query.arrivalDate);
    if (query.unitType) {
      const unitType = query.unitType;
      q = q.where('guests.unit_id', 'in', (eb) =>
        eb
          .selectFrom('units')
          .select('units.id')
          .where('units.edition_id', '=', editionId)
          .where('units.unit_type', 'in', storedUnitTypes(unitType)),
      );
    }
    if (query.attendance === UNANSWERED_ATTENDANCE) {
      q = q.where((eb) => eb.or([eb('guests.attendance', 'is', null), eb('guests.attendance', '=', UNANSWERED_ATTENDANCE)]));
    } else if (query.attendance) q = q.where('guests.attendance', '=', query.attendance);
    if (query.registeredOn) {
      const day = shanghaiDayRange(query.registeredOn);
      q = q.where('guests.created_at', '>=', day.from).where('guests.created_at', '<', day.until);
    }
    return q;
  }

  async search(who: SignedInAccount, query: ConsoleGuestQuery): Promise<Page<ConsoleGuestItem>> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    return this.pageOf(edition.id, query);
  }

  /** A page of the search in an edition: the list's and its export's (guest-list-exports.ts) one reader. */
  async pageOf(editionId: string, query: ConsoleGuestQuery): Promise<Page<ConsoleGuestItem>> {
    const pageNum = Number(query.pageNum ?? 1);
    const pageSize = Number(query.pageSize ?? 20);
    const edition = { id: editionId };
    // the order changes neither which guests match nor how many: the total's cache ignores it
    const { pageNum: _page, pageSize: _size, sort, order, ...filters } = query;
    const { name, ...others } = filters;
    // A name of 3+ characters and no other filter, the console's usual search: its guests and
    // their list order from the suffix index alone (migration 0026), so counting and paging cost
    // the matches, not the edition's guests, and no guest row is read before the page's own.
    // Grouped once per guest: both names, or one name twice, may match.
    // A column order asked for reads the guests on that column's index instead.
    const suffixes =
      !sort && name && searchesNameSuffixes(name) && Object.values(others).every((value) => !value)
        ? nameSuffixesMatching(this.db, isPostgres(this.db), edition.id, name)
        : null;
    // the matching guests, once each, the first `limit` of them
    const matching = (limit?: number) => {
      if (suffixes !== null) {
        const rows = suffixes.select('guest_name_suffixes.guest_id as id').groupBy('guest_name_suffixes.guest_id');
        return (limit === undefined ? rows : rows.limit(limit)).as('matching');
      }
      const rows = this.filtered(edition.id, query).select('guests.id');
      return (limit === undefined ? rows : rows.limit(limit)).as('matching');
    };
    const countMatching = async (limit?: number) => {
      const row = await this.db
        .selectFrom(matching(limit))
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    // the total and the page's ids are independent: on PostgreSQL they run side by side on two
    // pooled connections, so a search matching many guests pays for its matches once in wall time
    const counting = this.totals.total(`console-guests ${edition.id} ${JSON.stringify(filters)}`, countMatching, () => countMatching());
    const paging =
      suffixes !== null
        ? suffixes
            .select('guest_name_suffixes.guest_id as id')
            // grouped in list order: SQLite groups and orders with one sorter
            .groupBy(['guest_name_suffixes.created_at', 'guest_name_suffixes.guest_id'])
            .orderBy('guest_name_suffixes.created_at', 'desc')
            .orderBy('guest_name_suffixes.guest_id', 'desc')
            .limit(pageSize)
            .offset((pageNum - 1) * pageSize)
            .execute()
        : sortedGuestIds(this.filtered(edition.id, query), { sort, order }, isPostgres(this.db), pageNum, pageSize);
    const [total, ids] = await Promise.all([counting, paging]);
    const rows = await rowsInIdOrder(ids, (wanted) =>
      this.db
        .selectFrom('guests')
        .leftJoin('units', 'units.id', 'guests.unit_id')
        .select([...summaryColumns, 'guests.guest_type', 'units.name as unit_name'])
        .select(legDate(isPostgres(this.db), 'guests.itinerary', 'arrival', 'arrivalTime').as('arrival_date'))
        .select(entourageCount)
        .where('guests.id', 'in', wanted)
        .execute(),
    );
    const records = rows.map((row) => ({
      ...toSummary(row),
      unitId: row.unit_id ?? '',
      unitName: row.unit_name ?? '',
      guestType: row.guest_type,
      arrivalDate: row.arrival_date,
    }));
    return { records, total, pageNum, pageSize };
  }

  /**
   * The ids of the guests a filter of the search matches, in id order after `after` (keyset
   * pages): a message to a saved filter lists its recipients through these, batch by batch.
   */
  async matchingIds(editionId: string, filter: ConsoleGuestQuery, after: string | null, limit: number): Promise<string[]> {
    let q = this.filtered(editionId, filter).select('guests.id');
    if (after !== null) q = q.where('guests.id', '>', after);
    const rows = await q.orderBy('guests.id').limit(limit).execute();
    return rows.map((row) => row.id);
  }

  async units(who: SignedInAccount, name: string | undefined): Promise<UnitChoice[]> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    let q = this.db.selectFrom('units').select(['id', 'name', 'unit_type']).where('edition_id', '=', edition.id);
    if (name) q = q.where(containsText('name', name));
    const rows = await q.orderBy('name').orderBy('id').limit(UNIT_CHOICES).execute();
    return rows.map((row) => ({ id: row.id, name: row.name, unitType: row.unit_type }));
  }
}
