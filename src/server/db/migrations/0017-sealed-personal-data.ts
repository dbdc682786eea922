import type { Kysely, Migration } from 'kysely';
import type { DataProtection } from '../../security/data-protection.js';
import { maskAuditedDocuments, resealStores } from '../../privacy/sealed-stores.js';

/**
 * No clear ID number or mobile at rest. The clear mobile columns become
 * blind-index columns (renamed, so their indexes and the temporary registrations' unique
 * constraint follow on both databases), and every existing row (demo data, old records) is
 * converted in this migration's transaction: sensitive document fields sealed, `id_number_hash`
 * (a plain SHA-256, reversible by enumerating ID numbers) and the mobile columns replaced by
 * HMAC blind indexes, content search text rebuilt without the sensitive fields. It needs the
 * keys, so migrate.ts builds it from the server's DataProtection.
 */
export function sealedPersonalData(protection: DataProtection): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('guests').renameColumn('mobile', 'mobile_index').execute();
      await db.schema.alterTable('temporary_registrations').renameColumn('mobile', 'mobile_index').execute();
      // the migrator's transaction holds it all: a failed conversion leaves the database as it was
      await resealStores(db, protection, { inTransaction: false, all: true });
      await maskAuditedDocuments(db, protection);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      // sealed values stay sealed: going back would mean writing personal data in clear again
      await db.schema.alterTable('guests').renameColumn('mobile_index', 'mobile').execute();
      await db.schema.alterTable('temporary_registrations').renameColumn('mobile_index', 'mobile').execute();
    },
  };
}
