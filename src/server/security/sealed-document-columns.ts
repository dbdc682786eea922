import type { AnyDb } from '../db/database.js';
import type { DataProtection } from './data-protection.js';
import { batches, type SealedColumnProgress } from './sealed-columns.js';

type Document = Record<string, unknown>;

/** A JSON column whose document has the x-sensitive fields of `schema` sealed in place. */
export interface SealedDocumentColumn {
  table: string;
  column: string;
  schema: string;
  /** the column naming the row's edition: its values belong under that edition's key */
  editionColumn?: string;
}

/**
 * Every document of the column whose sensitive values are clear (written before they were
 * sealed) or sealed under an older key, sealed under the current key; batched by id.
 * `inTransaction: false` inside a migration (the migrator's transaction holds it all), one
 * transaction per batch otherwise (keys:rotate: a stopped run continues where it stopped, rows
 * already under the current key are skipped).
 */
export async function resealDocumentColumn(
  db: AnyDb,
  protection: DataProtection,
  { table, column, schema, editionColumn }: SealedDocumentColumn,
  options: { batchSize?: number; inTransaction?: boolean } = {},
): Promise<SealedColumnProgress> {
  const progress: SealedColumnProgress = { table: `${table}.${column}`, resealed: 0, scanned: 0 };
  progress.scanned = await batches(
    db,
    table,
    ['id', column, ...(editionColumn ? [editionColumn] : [])],
    async (rows) => {
      const stale = rows.flatMap((row) => {
        if (typeof row[column] !== 'string' || row[column] === '') return [];
        const stored = JSON.parse(String(row[column])) as Document;
        const editionId = editionColumn ? (row[editionColumn] as string | null) : null;
        return protection.needsResealing(schema, stored, editionId) ? [{ id: row.id, stored, editionId }] : [];
      });
      if (stale.length === 0) return;
      const write = async (executor: AnyDb) => {
        for (const { id, stored, editionId } of stale) {
          await executor
            .updateTable(table)
            .set({ [column]: JSON.stringify(protection.resealDocument(schema, stored, editionId)) })
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
  return progress;
}
