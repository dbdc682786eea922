import type { Kysely, Migration } from 'kysely';
import type { DataProtection } from '../../security/data-protection.js';
import { batches } from '../../security/sealed-columns.js';
import { isSealed } from '../../security/sealed-values.js';

// rows are plain records here
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const TABLES = ['uploads', 'temporary_uploads'] as const;

/**
 * The name a file had on its uploader's machine is sealed like the other personal values (a
 * photo named after its owner's ID number kept the number in clear). Existing names are sealed
 * in the migrator's transaction; the column keeps its name and type.
 */
export function sealedUploadNames(protection: DataProtection): Migration {
  return {
    async up(kysely: Kysely<unknown>): Promise<void> {
      const db = kysely as AnyDb;
      for (const table of TABLES) {
        await batches(
          db,
          table,
          ['id', 'original_name'],
          async (rows) => {
            for (const row of rows) {
              if (typeof row.original_name !== 'string' || isSealed(row.original_name)) continue;
              await db
                .updateTable(table)
                .set({ original_name: protection.seal(row.original_name) })
                .where('id', '=', row.id)
                .execute();
            }
          },
          500,
        );
      }
    },
    async down(): Promise<void> {
      // sealed names stay sealed: going back would mean writing them in clear again
    },
  };
}
