import type { Kysely, Migration } from 'kysely';
import type { DataProtection } from '../../security/data-protection.js';
import { resealReceptions } from '../../features/reception/sealed-receptions.js';

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
      await resealReceptions(db as Kysely<any>, protection, { inTransaction: false });
    },
    async down(): Promise<void> {
      // sealed values stay sealed: going back would mean writing mobiles in clear again
    },
  };
}
