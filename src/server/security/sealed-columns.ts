import type { AnyDb } from '../db/database.js';
import type { DataProtection } from './data-protection.js';
import { keyIdOfSealed } from './sealed-values.js';

type Row = Record<string, unknown>;

/**
 * Plain columns (outside the sealed documents of sealed-stores.ts) holding one sealed value
 * each. keys:rotate and the at-rest test walk this one list, so a new sealed column is one entry.
 */
export const SEALED_COLUMNS = [
  // migration 0019: a mobile used as a sign-in name, an SMS recipient
  { table: 'accounts', column: 'account_sealed' },
  { table: 'outbox', column: 'recipient_sealed' },
  // migration 0020: a receptionist's mobile (its blind index is `mobile_index`)
  { table: 'receptionists', column: 'mobile_sealed' },
  // migration 0031: the name an uploaded file had on its owner's machine
  { table: 'uploads', column: 'original_name' },
  { table: 'temporary_uploads', column: 'original_name' },
] as const;

export type SealedColumn = (typeof SEALED_COLUMNS)[number];

export interface SealedColumnProgress {
  table: string;
  resealed: number;
  scanned: number;
}

/** Walks a table by `key` in batches; answers the rows scanned. */
export async function batches(
  db: AnyDb,
  table: string,
  columns: string[],
  each: (rows: Row[]) => Promise<void>,
  batchSize: number,
  key = 'id',
): Promise<number> {
  let after = '';
  let scanned = 0;
  for (;;) {
    const rows = (await db.selectFrom(table).select(columns).where(key, '>', after).orderBy(key).limit(batchSize).execute()) as Row[];
    if (rows.length === 0) return scanned;
    await each(rows);
    scanned += rows.length;
    after = String(rows[rows.length - 1]![key]);
  }
}

/** keys:rotate: the values of these columns under an older key, sealed anew (one transaction per batch). */
export async function resealColumns(
  db: AnyDb,
  protection: DataProtection,
  columns: readonly SealedColumn[],
  batchSize = 500,
): Promise<SealedColumnProgress[]> {
  const out: SealedColumnProgress[] = [];
  for (const { table, column } of columns) {
    const progress: SealedColumnProgress = { table, resealed: 0, scanned: 0 };
    progress.scanned = await batches(
      db,
      table,
      ['id', column],
      async (rows) => {
        const stale = rows.filter(
          (row) => typeof row[column] === 'string' && keyIdOfSealed(String(row[column])) !== protection.keyring.current.id,
        );
        if (stale.length === 0) return;
        await db.transaction().execute(async (trx) => {
          for (const row of stale)
            await trx
              .updateTable(table)
              .set({ [column]: protection.resealValue(String(row[column])) })
              .where('id', '=', row.id)
              .execute();
        });
        progress.resealed += stale.length;
      },
      batchSize,
    );
    out.push(progress);
  }
  return out;
}
