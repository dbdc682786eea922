import { sql } from 'kysely';
import type { Db } from '../db/database.js';

const PAGE = 1000;

/** The guest query of the export, without its order and page. */
function guestExportQuery(db: Db, editionId: string) {
  return db
    .selectFrom('guests')
    .leftJoin('units', 'units.id', 'guests.unit_id')
    .select(['guests.id', 'guests.name', 'guests.name_en', 'guests.document', 'guests.audit_status', 'guests.guest_type', 'guests.invitation_code', 'guests.attendance', 'guests.itinerary', 'guests.reception', 'guests.created_at', 'units.name as unit_name'])
    .select((eb) => eb.selectFrom('entourage_members').select((inner) => inner.fn.countAll<number | string>().as('n')).whereRef('entourage_members.guest_id', '=', 'guests.id').as('entourage_count'))
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
 */
export async function* guestExportRows(db: Db, editionId: string, pageSize = PAGE): AsyncIterable<GuestExportRow> {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    let query = guestExportQuery(db, editionId);
    if (after) query = query.where(sql<boolean>`(guests.created_at, guests.id) > (${after.createdAt}, ${after.id})`);
    const page = await query.orderBy('guests.created_at').orderBy('guests.id').limit(pageSize).execute();
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    after = { createdAt: last.created_at, id: last.id };
  }
}

/** The first page's query, as the query-plan test reads it. */
export function guestExportPageQuery(db: Db, editionId: string, after: { createdAt: string; id: string }) {
  return guestExportQuery(db, editionId)
    .where(sql<boolean>`(guests.created_at, guests.id) > (${after.createdAt}, ${after.id})`)
    .orderBy('guests.created_at')
    .orderBy('guests.id')
    .limit(PAGE);
}
