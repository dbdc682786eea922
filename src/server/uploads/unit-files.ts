import type { Executor } from '../db/database.js';

/** The columns of the uploads table (migration 0002, owned by the upload service) read here. */
/**
 * Documents keep only file ids; the upload service checked the file against its rule. Here: the
 * id exists, was uploaded by the same unit (a unit cannot attach another unit's files), and
 * under which rule. Answers id -> rule name (photo, businessCard...).
 */
export async function filesOfUnit(executor: Executor, unitId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .selectFrom('uploads')
    .select(['id', 'rule_name'])
    .where('id', 'in', ids)
    .where('unit_id', '=', unitId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.rule_name]));
}
