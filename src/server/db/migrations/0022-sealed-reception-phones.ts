import type { Kysely, Migration } from 'kysely';
import type { DataProtection } from '../../security/data-protection.js';
import { resealDocumentColumn } from '../../security/sealed-document-columns.js';

/** The reception arrangements that existed then, each under the `reception` schema. */
const RECEPTION_COLUMNS = [
  { table: 'guests', column: 'reception', schema: 'reception' },
  { table: 'entourage_members', column: 'reception', schema: 'reception' },
];

/**
 * For the reception arrangements (`guests.reception`,
 * `entourage_members.reception`): each receptionist phone copied into them, a private person's
 * mobile stored in clear until now, is sealed in place (AES-256-GCM, like the guests' documents).
 * Existing rows are converted in the migrator's transaction; no column changes. It needs the
 * keys, so migrate.ts builds it from the server's DataProtection.
 */
export function sealedReceptionPhones(protection: DataProtection): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      for (const target of RECEPTION_COLUMNS) await resealDocumentColumn(db as Kysely<any>, protection, target, { inTransaction: false });
    },
    async down(): Promise<void> {
      // sealed values stay sealed: going back would mean writing mobiles in clear again
    },
  };
}
