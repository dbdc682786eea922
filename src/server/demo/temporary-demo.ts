import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Editions } from '../features/edition/editions.js';
import type { TemporaryDb } from '../features/temporary/temporary-tables.js';

/** Demo code of the README and the e2e test: bound to an event, on site, all three pages. */
export const DEMO_TEMPORARY_CODE = 'TEMP2025';

/** Adds the demo code to the current edition once (demo data only, never in production data). */
export async function seedTemporaryDemo(db: TemporaryDb, editions: Editions): Promise<void> {
  const edition = await editions.current(db as unknown as Db);
  const found = await db
    .selectFrom('temporary_codes')
    .select('id')
    .where('edition_id', '=', edition.id)
    .where('code', '=', DEMO_TEMPORARY_CODE)
    .executeTakeFirst();
  if (found) return;
  await db
    .insertInto('temporary_codes')
    .values({
      id: randomUUID(),
      edition_id: edition.id,
      code: DEMO_TEMPORARY_CODE,
      registration_type: null,
      event_name: '开幕式 Opening Ceremony',
      attendance_mode: 'onsite',
      created_at: editions.now().toISOString(),
    })
    .execute();
}
