import type { AnyDb } from '../db/database.js';
import type { SensitiveKind } from './blind-index.js';
import type { DataProtection } from './data-protection.js';
import { batches, type SealedColumnProgress } from './sealed-columns.js';

type Row = Record<string, unknown>;
type Document = Record<string, unknown>;

/**
 * A table whose `document` column holds a document with its sensitive fields sealed in place,
 * and the columns derived from the clear values (blind indexes, masks, search text).
 */
export interface SealedDocumentStore {
  table: string;
  /** extra columns the derivation reads */
  columns: string[];
  schemaOf: (row: Row) => string;
  /** the columns recomputed from the clear document (indexes, search text) */
  derive: (protection: DataProtection, clear: Document, row: Row) => Row;
}

/** The blind index of a value, null when there is none. */
export const blindIndexOf = (protection: DataProtection, kind: SensitiveKind, value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? protection.index(kind, value) : null;

/**
 * A mobile's blind-index column: the index of the document's mobile; without one, the column as
 * stored, kept when it is already an index and indexed when it still holds the clear mobile.
 */
export const mobileIndexColumn = (protection: DataProtection, mobile: unknown, stored: unknown): string | null =>
  blindIndexOf(protection, 'mobile', mobile) ??
  (typeof stored !== 'string' || stored === '' ? null : /^[0-9a-f]{64}$/.test(stored) ? stored : protection.index('mobile', stored));

/** A column a unique index covers cannot be null or shared once erased: the row's own id fills it. */
export const erasedKey = (row: Row): string => `erased:${String(row.id)}`;

export type ResealProgress = SealedColumnProgress;

/**
 * Re-seals every sensitive value of every store under the current key (clear values of old
 * rows get sealed, values under older keys are opened and sealed again) and recomputes the
 * derived columns. Batched by id, one transaction per batch: an interrupted run loses no row
 * and a second run continues where it stopped (rows already under the current key are skipped).
 * `all`: every row's derived columns, also where nothing needs sealing (a first sealing);
 * `inTransaction: false` inside a migration (the migrator's transaction holds it all).
 */
export async function resealDocuments(
  db: AnyDb,
  protection: DataProtection,
  stores: readonly SealedDocumentStore[],
  options: {
    batchSize?: number;
    inTransaction?: boolean;
    all?: boolean;
    onBatch?: (p: ResealProgress) => void;
    /** the column naming a row's edition: its values belong under that edition's key (edition-keys.ts) */
    editionColumn?: string;
  } = {},
): Promise<ResealProgress[]> {
  const edition = options.editionColumn;
  const out: ResealProgress[] = [];
  for (const store of stores) {
    const progress: ResealProgress = { table: store.table, resealed: 0, scanned: 0 };
    const batch = (rows: Row[]) => async (executor: AnyDb) => {
      for (const row of rows) {
        const schema = store.schemaOf(row);
        const stored = JSON.parse(String(row.document)) as Document;
        const editionId = edition ? (row[edition] as string | null) : null;
        if (!options.all && !protection.needsResealing(schema, stored, editionId)) continue;
        const clear = protection.openDocument(schema, stored);
        await executor
          .updateTable(store.table)
          .set({ document: JSON.stringify(protection.sealDocument(schema, clear, editionId)), ...store.derive(protection, clear, row) })
          .where('id', '=', row.id)
          .execute();
        progress.resealed += 1;
      }
    };
    await batches(
      db,
      store.table,
      ['id', 'document', ...store.columns, ...(edition && !store.columns.includes(edition) ? [edition] : [])],
      async (rows) => {
        if (options.inTransaction === false) await batch(rows)(db);
        else await db.transaction().execute(batch(rows));
        progress.scanned += rows.length;
        options.onBatch?.(progress);
      },
      options.batchSize ?? 500,
    );
    out.push(progress);
  }
  return out;
}
