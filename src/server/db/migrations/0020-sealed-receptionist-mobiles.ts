import type { Kysely, Migration } from 'kysely';
import { looksMasked, maskMobile } from '../../../shared/sensitive-fields.js';
import type { DataProtection } from '../../security/data-protection.js';
import { batches } from '../../security/sealed-columns.js';

// rows are plain records while the table changes shape
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** An audit entry's before/after copy of a receptionist with its mobile masked (other JSON as it is). */
export function maskedReceptionistCopy(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const value = JSON.parse(text) as unknown;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return text;
  const copy = value as Record<string, unknown>;
  if (typeof copy.mobile !== 'string' || copy.mobile === '' || looksMasked(copy.mobile)) return text;
  return JSON.stringify({ ...copy, mobile: maskMobile(copy.mobile) });
}

/**
 * For the receptionists organisers keep (a private person's mobile): the clear
 * `mobile` column becomes `mobile_index`, the HMAC blind index (renamed, so the per-edition
 * unique index follows on both databases and a second receptionist with the same mobile is still
 * refused), beside `mobile_sealed` (AES-256-GCM, what the list masks and the audited "show"
 * opens). Existing rows and the audit log's before/after copies (which held the mobile in clear)
 * are converted in the migrator's transaction. It needs the keys, so migrate.ts builds it.
 */
export function sealedReceptionistMobiles(protection: DataProtection): Migration {
  return {
    async up(kysely: Kysely<unknown>): Promise<void> {
      const db = kysely as AnyDb;
      await db.schema.alterTable('receptionists').renameColumn('mobile', 'mobile_index').execute();
      await db.schema.alterTable('receptionists').addColumn('mobile_sealed', 'text').execute();
      // the clear column was unique as typed: 13900000001 and +8613900000001 could both be there,
      // and their blind index (of the normalised number) is one. The later row keeps its sealed
      // mobile under a key of its own rather than failing the migration (and the start).
      const taken = new Set<string>();
      await batches(
        db,
        'receptionists',
        ['id', 'edition_id', 'mobile_index'],
        async (rows) => {
          for (const row of rows) {
            const mobile = String(row.mobile_index);
            const index = protection.index('mobile', mobile);
            const key = `${String(row.edition_id)}|${index}`;
            const mobileIndex = taken.has(key) ? `duplicate:${String(row.id)}` : index;
            taken.add(key);
            await db
              .updateTable('receptionists')
              .set({ mobile_index: mobileIndex, mobile_sealed: protection.seal(mobile) })
              .where('id', '=', row.id)
              .execute();
          }
        },
        500,
      );
      // a receptionist's entries are few (tens per edition): read in one go
      const entries = (await db
        .selectFrom('audit_log')
        .select(['id', 'before_value', 'after_value'])
        .where('target_type', '=', 'receptionist')
        .execute()) as Record<string, unknown>[];
      for (const entry of entries) {
        const before = maskedReceptionistCopy(entry.before_value);
        const after = maskedReceptionistCopy(entry.after_value);
        if (before === entry.before_value && after === entry.after_value) continue;
        await db.updateTable('audit_log').set({ before_value: before, after_value: after }).where('id', '=', entry.id).execute();
      }
    },
    async down(kysely: Kysely<unknown>): Promise<void> {
      // sealed values stay sealed: going back would mean writing mobiles in clear again
      const db = kysely as AnyDb;
      await db.schema.alterTable('receptionists').dropColumn('mobile_sealed').execute();
      await db.schema.alterTable('receptionists').renameColumn('mobile_index', 'mobile').execute();
    },
  };
}
