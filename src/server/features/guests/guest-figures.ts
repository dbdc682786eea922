import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { shanghaiHourOfUtcKey } from '../../clock.js';
import { schemaUnitType } from '../../auth/unit-access.js';

/** How many guests have each value of one attribute; key null: no value. */
export interface FigureCount {
  key: string | null;
  count: number;
}

export interface GuestFigureSet {
  guests: number;
  byStatus: FigureCount[];
  byUnitType: FigureCount[];
  byAttendance: FigureCount[];
  byArrivalDay: FigureCount[];
  perDay: FigureCount[];
}

/** The attendance of a guest who never answered reads as undecided, in the figures as in the search filter. */
export const UNANSWERED_ATTENDANCE = 'undecided';

function merged(rows: { key: string | null; n: number | string | bigint }[]): { key: string | null; n: number }[] {
  const sums = new Map<string | null, number>();
  for (const row of rows) sums.set(row.key, (sums.get(row.key) ?? 0) + Number(row.n));
  return [...sums.entries()].map(([key, n]) => ({ key, n }));
}

function counted(rows: { key: string | null; n: number | string | bigint }[]): FigureCount[] {
  return rows.map((row) => ({ key: row.key, count: Number(row.n) })).sort((a, b) => b.count - a.count);
}

/**
 * The unit guests of an edition counted the ways the organisers' dashboard shows them. Each
 * count is the total of the console search with the matching filter (ConsoleGuests.filtered),
 * so a number and the list it links to agree.
 */
export class GuestFigures {
  constructor(private readonly db: Db) {}

  private unitGuests(editionId: string) {
    return this.db.selectFrom('guests').where('guests.edition_id', '=', editionId).where('guests.unit_id', 'is not', null);
  }

  async of(editionId: string): Promise<GuestFigureSet> {
    const n = sql<number | string>`count(*)`.as('n');
    const [byStatus, byUnitType, byAttendance, byArrivalDay, byHour] = await Promise.all([
      this.unitGuests(editionId).select(['guests.audit_status as key', n]).groupBy('guests.audit_status').execute(),
      this.unitGuests(editionId)
        .innerJoin('units', 'units.id', 'guests.unit_id')
        .select(['units.unit_type as key', n])
        .groupBy('units.unit_type')
        .execute(),
      this.unitGuests(editionId)
        // a literal, not a parameter: PostgreSQL groups by the expression only when both spell it alike
        .select([sql<string>`coalesce(guests.attendance, ${sql.lit(UNANSWERED_ATTENDANCE)})`.as('key'), n])
        .groupBy(sql`coalesce(guests.attendance, ${sql.lit(UNANSWERED_ATTENDANCE)})`)
        .execute(),
      this.unitGuests(editionId).select(['guests.arrival_day as key', n]).groupBy('guests.arrival_day').execute(),
      // grouped by the UTC hour in SQL (the same text in both databases), then by Shanghai day here
      this.unitGuests(editionId)
        .select([sql<string>`substr(guests.created_at, 1, 13)`.as('key'), n])
        .groupBy(sql`substr(guests.created_at, 1, 13)`)
        .execute(),
    ]);
    const perDay = new Map<string, number>();
    for (const row of byHour) {
      const day = shanghaiHourOfUtcKey(row.key).slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + Number(row.n));
    }
    const status = counted(byStatus);
    return {
      guests: status.reduce((sum, entry) => sum + entry.count, 0),
      byStatus: status,
      // registration stores an enterprise as 'company' or 'enterprise': counted as the schema's type
      byUnitType: counted(merged(byUnitType.map((row) => ({ key: schemaUnitType(row.key), n: row.n })))),
      byAttendance: counted(byAttendance),
      byArrivalDay: counted(byArrivalDay).sort((a, b) => (a.key ?? '\uffff').localeCompare(b.key ?? '\uffff')),
      perDay: [...perDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, count]) => ({ key, count })),
    };
  }
}
