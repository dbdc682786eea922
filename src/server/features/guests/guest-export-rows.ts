import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { isPostgres } from '../../db/dialect.js';
import { jsonText } from '../../db/sql-fragments.js';
import { afterCreatedAtAndId, keysetRows } from '../../exports/keyset-rows.js';

/**
 * Guests per page. A page's rows live until the writer has formatted all of them; rows that
 * outlive two young-generation collections are copied to V8's old space, which is collected only
 * now and then: with 1,000 rows a page, every page was copied there and the old space climbed by
 * about 100 MB between its collections (SQLite, 100,000 guests: peak RSS ~310 MB). A page of 200
 * is formatted within one young collection (peak ~210 MB); the index (migration 0012) makes each
 * page as cheap at row 100,000 as at row 1. On PostgreSQL the rows reached the old space
 * whatever the page size (measured with pages of 50 to 1,000; why was not found), which is why a
 * row holds only the values the sheet shows (below): the guest's document, whose every field is a
 * column now, and five values of the itinerary, not the itinerary whole.
 */
const PAGE = 200;

/**
 * The guest query of the export, without its order and page. The guest's document is read whole
 * (the sheet has a column per field of its schema); the itinerary only for the few values the
 * sheet shows (the journey's times and places, the hotel name), by the database's JSON functions.
 */
function guestExportQuery(db: Db, editionId: string, postgres: boolean) {
  // PostgreSQL converts a text column to jsonb for each path read from it: the itinerary is
  // converted once per row (a lateral subquery, kept apart by OFFSET 0) for its five values
  const itinerary = postgres ? 'itinerary_json.value' : 'guests.itinerary';
  const travel = (path: string[]) => jsonText(postgres, itinerary, path);
  return db
    .selectFrom('guests')
    .leftJoin('units', 'units.id', 'guests.unit_id')
    .$if(postgres, (query) =>
      query.innerJoin(sql<{ value: unknown }>`lateral (select guests.itinerary::jsonb as value offset 0)`.as('itinerary_json'), (join) =>
        join.onTrue(),
      ),
    )
    .select([
      'guests.id',
      'guests.name',
      'guests.name_en',
      'guests.audit_status',
      'guests.guest_type',
      'guests.invitation_code',
      'guests.attendance',
      'guests.reception',
      'guests.created_at',
      'guests.document',
      'units.name as unit_name',
    ])
    .select([
      travel(['arrival', 'arrivalTime']).as('arrival_time'),
      travel(['arrival', 'arrivalPlace']).as('arrival_place'),
      travel(['return', 'departureTime']).as('return_time'),
      travel(['return', 'departurePlace']).as('return_place'),
      travel(['hotel', 'hotelName']).as('hotel_name'),
    ])
    .select((eb) =>
      eb
        .selectFrom('entourage_members')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('entourage_members.guest_id', '=', 'guests.id')
        .as('entourage_count'),
    )
    .where('guests.edition_id', '=', editionId)
    .where('guests.unit_id', 'is not', null);
}

export type GuestExportRow = Awaited<ReturnType<ReturnType<typeof guestExportQuery>['execute']>>[number];

/**
 * The row source of the guests workbook: every guest of the edition in one pass, oldest first,
 * read in keyset pages of (created_at, id) on the guests_listing index (migration 0012). Each
 * page starts where the last ended, so a page costs the same at row 1 and at row 100,000
 * (OFFSET re-read and re-sorted everything before it). The cell formatting lives apart, in
 * console-exports.ts, and gets these rows as they come.
 *
 * On PostgreSQL the next page is read ahead while this one is written (keysetRows).
 */
export async function* guestExportRows(db: Db, editionId: string, pageSize = PAGE): AsyncIterable<GuestExportRow> {
  const postgres = isPostgres(db);
  const readPage = (after: GuestExportRow | null, limit: number) => {
    let query = guestExportQuery(db, editionId, postgres);
    if (after) query = query.where(afterCreatedAtAndId('guests', after));
    return query.orderBy('guests.created_at').orderBy('guests.id').limit(limit).execute();
  };
  yield* keysetRows(readPage, pageSize, postgres);
}
