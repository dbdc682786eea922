import type { Kysely, Migration } from 'kysely';
import type { DataProtection } from '../../security/data-protection.js';
import { sealAccountNames } from '../../auth/sealed-account-names.js';

/**
 * For sign-in names: a mobile used as an account name, a code's target or a
 * message's recipient is stored as its HMAC blind index (`idx:<hex>`, where look-ups and the
 * unique constraint already work) plus a sealed copy; failure counters are keyed by the index;
 * audit entries keep a masked actor. Existing rows are converted in the migrator's transaction.
 */
export function sealedAccountNames(protection: DataProtection): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('accounts').addColumn('account_sealed', 'text').execute();
      await db.schema.alterTable('outbox').addColumn('recipient_sealed', 'text').execute();
      await sealAccountNames(db, protection);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      // index keys stay: going back would mean writing mobiles in clear again
      await db.schema.alterTable('outbox').dropColumn('recipient_sealed').execute();
      await db.schema.alterTable('accounts').dropColumn('account_sealed').execute();
    },
  };
}
