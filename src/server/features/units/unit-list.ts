import { type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import { isPostgres } from '../../db/dialect.js';
import { orderedBy, type SortColumns } from '../../db/list-order.js';
import { onPage, pageOf } from '../../db/paging.js';
import { containsText } from '../../db/sql-fragments.js';
import type { Page } from '../../../shared/api-types.js';
import type { UnitPageQuery } from '../../../generated/types.js';
import type { UnitListItem } from '../../../shared/console-api.js';
import type { SignedInAccount } from '../../auth/sessions.js';
import { assertOrganiser, schemaUnitType, storedUnitTypes } from '../../auth/unit-access.js';
import type { Editions } from '../edition/editions.js';

export type { UnitListItem };

/** The units' sortable columns (the `sort` enum of unit-page-query): the counts are the select's own columns. */
const UNIT_SORT_COLUMNS: SortColumns<NonNullable<UnitPageQuery['sort']>> = {
  name: { column: 'units.name' },
  // the stored values (company, enterprise, government, media) keep each schema type together, in the schema types' order
  unitType: { column: 'units.unit_type' },
  guestCount: { column: 'guest_count' },
  approvedCount: { column: 'approved_count' },
  pendingCount: { column: 'pending_count' },
};

/** How many of the unit's guests of the edition have the status (any status without one): never null, so it sorts as a number. */
const guestsOf = (status?: string) => (eb: ExpressionBuilder<Database, 'units'>) => {
  let count = eb
    .selectFrom('guests')
    .select((inner) => inner.fn.countAll<number | string>().as('n'))
    .whereRef('guests.unit_id', '=', 'units.id')
    .whereRef('guests.edition_id', '=', 'units.edition_id');
  if (status) count = count.where('guests.audit_status', '=', status);
  return count;
};

/** The organisers' list of the edition's units: type, name and how many guests each has registered, by status. */
export class UnitList {
  constructor(
    private readonly db: Db,
    private readonly editions: Editions,
  ) {}

  async page(who: SignedInAccount, query: UnitPageQuery): Promise<Page<UnitListItem>> {
    assertOrganiser(who);
    const edition = await this.editions.current();
    return this.pageOf(edition.id, query);
  }

  /** A page as the list shows it (name and type filters, sort, then id); the export reads the same pages. */
  async pageOf(editionId: string, query: UnitPageQuery): Promise<Page<UnitListItem>> {
    const pageNum = Number(query.pageNum ?? 1);
    const pageSize = Number(query.pageSize ?? 20);
    let base = this.db.selectFrom('units').where('units.edition_id', '=', editionId);
    if (query.name) base = base.where(containsText('units.name', query.name));
    // an enterprise is stored as 'company' (registration) or 'enterprise'
    if (query.unitType) base = base.where('units.unit_type', 'in', storedUnitTypes(query.unitType));
    const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const counted = base
      .select(['units.id', 'units.name', 'units.unit_type'])
      .select((eb) => [
        guestsOf()(eb).as('guest_count'),
        guestsOf('approved')(eb).as('approved_count'),
        guestsOf('pending')(eb).as('pending_count'),
        guestsOf('rejected')(eb).as('rejected_count'),
      ]);
    const rows = await orderedBy(counted, UNIT_SORT_COLUMNS, query, 'units.id', isPostgres(this.db), (q) =>
      q.orderBy('units.name').orderBy('units.id'),
    )
      .$call(onPage(pageNum, pageSize))
      .execute();
    const records = rows.map((row): UnitListItem => ({
      id: row.id,
      name: row.name,
      unitType: schemaUnitType(row.unit_type),
      guestCount: Number(row.guest_count ?? 0),
      approvedCount: Number(row.approved_count ?? 0),
      pendingCount: Number(row.pending_count ?? 0),
      rejectedCount: Number(row.rejected_count ?? 0),
    }));
    return pageOf(records, total, pageNum, pageSize);
  }
}
