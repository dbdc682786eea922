import type { Kysely } from 'kysely';
import type { DataProtection } from '../../security/data-protection.js';
import { batches } from '../../security/sealed-columns.js';

// walked by table name (migration 0022, keys:rotate, retention purge): rows are plain records here
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;
type Document = Record<string, unknown>;

/** The schema of a reception arrangement; its receptionist phones are marked x-sensitive. */
export const RECEPTION_SCHEMA = 'reception';

/**
 * Reception arrangements organisers write per guest and per entourage member (a receptionist's
 * name and mobile for each station and hotel), stored as JSON text beside the person's document.
 * The mobile is a private person's: sealed in place like the documents of sealed-stores.ts, in
 * columns of their own (the stores there own the `document` column). Migration 0022, keys:rotate
 * and the retention purge walk this one list.
 */
export const SEALED_RECEPTIONS = [
  { table: 'guests', column: 'reception' },
  { table: 'entourage_members', column: 'reception' },
] as const;

/** What a write stores: the arrangement with every receptionist phone sealed. */
export function sealReception(protection: DataProtection, reception: Document): string {
  return JSON.stringify(protection.sealDocument(RECEPTION_SCHEMA, reception));
}

/** What a reader gets: the stored arrangement opened (null when none was set). */
export function openReception(protection: DataProtection, stored: string | null | undefined): Document | null {
  return stored ? protection.openJson(RECEPTION_SCHEMA, stored) : null;
}

export interface ReceptionProgress {
  table: string;
  resealed: number;
  scanned: number;
}

/**
 * Every arrangement whose phones are clear (written before 0022) or sealed under an older key,
 * sealed under the current key; batched by id. `inTransaction: false` inside a migration (the
 * migrator's transaction holds it all), one transaction per batch otherwise (keys:rotate: a
 * stopped run continues where it stopped, rows already under the current key are skipped).
 */
export async function resealReceptions(
  db: AnyDb,
  protection: DataProtection,
  options: { batchSize?: number; inTransaction?: boolean } = {},
): Promise<ReceptionProgress[]> {
  const out: ReceptionProgress[] = [];
  for (const { table, column } of SEALED_RECEPTIONS) {
    const progress: ReceptionProgress = { table: `${table}.${column}`, resealed: 0, scanned: 0 };
    progress.scanned = await batches(
      db,
      table,
      ['id', column],
      async (rows) => {
        const stale = rows.flatMap((row) => {
          if (typeof row[column] !== 'string' || row[column] === '') return [];
          const stored = JSON.parse(String(row[column])) as Document;
          return protection.needsResealing(RECEPTION_SCHEMA, stored) ? [{ id: row.id, stored }] : [];
        });
        if (stale.length === 0) return;
        const write = async (executor: AnyDb) => {
          for (const { id, stored } of stale) {
            await executor
              .updateTable(table)
              .set({ [column]: JSON.stringify(protection.resealDocument(RECEPTION_SCHEMA, stored)) })
              .where('id', '=', id)
              .execute();
          }
        };
        if (options.inTransaction === false) await write(db);
        else await db.transaction().execute(write);
        progress.resealed += stale.length;
      },
      options.batchSize ?? 500,
    );
    out.push(progress);
  }
  return out;
}

/**
 * Retention purge: the edition's arrangements lose their receptionist phones (places and names
 * stay, like the rest of the edition's history).
 */
export async function eraseReceptions(db: AnyDb, protection: DataProtection, editionId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, column } of SEALED_RECEPTIONS) {
    const rows = (await db
      .selectFrom(table)
      .select(['id', column])
      .where('edition_id', '=', editionId)
      .where(column, 'is not', null)
      .execute()) as Row[];
    for (const row of rows) {
      const stored = JSON.parse(String(row[column])) as Document;
      await db
        .updateTable(table)
        .set({ [column]: JSON.stringify(protection.eraseDocument(RECEPTION_SCHEMA, stored)) })
        .where('id', '=', row.id)
        .execute();
    }
    counts[`${table}.${column}`] = rows.length;
  }
  return counts;
}
