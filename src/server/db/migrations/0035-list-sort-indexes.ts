import type { Kysely } from 'kysely';

/**
 * Lists sort by their columns, then by id (db/list-order.ts): one index per sortable column of
 * the long lists, in (edition, column, id) order, so a sorted page is read from the index
 * forwards or backwards instead of sorting the edition's rows. The review queue always filters
 * by status, so its indexes start with it. Notices, hotels and wishes hold hundreds of rows and
 * sort in memory.
 */
const INDEXES: { name: string; table: string; columns: string[] }[] = [
  { name: 'guests_sort_name', table: 'guests', columns: ['edition_id', 'name', 'id'] },
  { name: 'guests_sort_status', table: 'guests', columns: ['edition_id', 'audit_status', 'id'] },
  { name: 'guests_sort_invitation_code', table: 'guests', columns: ['edition_id', 'invitation_code', 'id'] },
  { name: 'guests_sort_arrival_day', table: 'guests', columns: ['edition_id', 'arrival_day', 'id'] },
  { name: 'guests_review_updated', table: 'guests', columns: ['edition_id', 'audit_status', 'updated_at', 'id'] },
  { name: 'guests_review_name', table: 'guests', columns: ['edition_id', 'audit_status', 'name', 'id'] },
  { name: 'audit_log_sort_at', table: 'audit_log', columns: ['edition_id', 'at', 'id'] },
  { name: 'audit_log_sort_actor', table: 'audit_log', columns: ['edition_id', 'actor_account', 'id'] },
  { name: 'audit_log_sort_action', table: 'audit_log', columns: ['edition_id', 'action', 'id'] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await db.schema.dropIndex(index.name).execute();
}
