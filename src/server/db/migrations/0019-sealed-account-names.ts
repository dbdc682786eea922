import type { Kysely, Migration } from 'kysely';
import { maskMobile } from '../../../shared/sensitive-fields.js';
import { accountKey, isIndexKey, sealedAccountName, throttleKey } from '../../security/account-keys.js';
import { channelOf } from '../../security/account-name.js';
import type { DataProtection } from '../../security/data-protection.js';
import { batches } from '../../security/sealed-columns.js';

// rows are plain records while the tables change
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** A stored name that is still a clear mobile (before 0019): neither an e-mail nor an index key. */
const clearMobile = (value: string): boolean => channelOf(value) === 'sms' && !isIndexKey(value);

/** A failure counter's key with the name replaced by its index (`account:<name>`, `pair:<name>|<client>`). */
function failureKey(protection: DataProtection, key: string): string | null {
  const match = /^(account:|pair:)([^|]*)(\|.*)?$/.exec(key);
  if (!match || /^[0-9a-f]{64}$/.test(match[2]!)) return null;
  return `${match[1]}${throttleKey(protection, match[2]!)}${match[3] ?? ''}`;
}

/**
 * Every clear mobile used as a sign-in name becomes its index key plus a sealed
 * copy (accounts, outbox), code targets and failure counters their index, and the audit log's
 * actor names a mask. Runs in the migrator's transaction.
 */
async function sealAccountNames(db: AnyDb, protection: DataProtection, batchSize = 500): Promise<void> {
  await batches(
    db,
    'accounts',
    ['id', 'account'],
    async (rows) => {
      for (const row of rows) {
        const account = String(row.account);
        if (!clearMobile(account)) continue;
        await db
          .updateTable('accounts')
          .set({ account: accountKey(protection, account), account_sealed: sealedAccountName(protection, account) })
          .where('id', '=', row.id)
          .execute();
      }
    },
    batchSize,
  );
  await batches(
    db,
    'outbox',
    ['id', 'recipient'],
    async (rows) => {
      for (const row of rows) {
        const recipient = String(row.recipient);
        if (!clearMobile(recipient)) continue;
        await db
          .updateTable('outbox')
          .set({ recipient: accountKey(protection, recipient), recipient_sealed: sealedAccountName(protection, recipient) })
          .where('id', '=', row.id)
          .where('channel', '=', 'sms')
          .where('recipient', '=', recipient)
          .execute();
      }
    },
    batchSize,
  );
  await batches(
    db,
    'one_time_codes',
    ['id', 'target'],
    async (rows) => {
      for (const row of rows) {
        const target = String(row.target);
        if (!clearMobile(target)) continue;
        await db
          .updateTable('one_time_codes')
          .set({ target: accountKey(protection, target) })
          .where('id', '=', row.id)
          .where('kind', 'like', 'message:%')
          .execute();
      }
    },
    batchSize,
  );
  await batches(
    db,
    'sign_in_failures',
    ['account'],
    async (rows) => {
      for (const row of rows) {
        const converted = failureKey(protection, String(row.account));
        if (converted === null) continue;
        // a counter already under the new key (cannot happen before 0019, but a unique key must not fail the migration) wins
        await db.deleteFrom('sign_in_failures').where('account', '=', converted).execute();
        await db.updateTable('sign_in_failures').set({ account: converted }).where('account', '=', row.account).execute();
      }
    },
    batchSize,
    'account',
  );
  await batches(
    db,
    'audit_log',
    ['id', 'actor_account'],
    async (rows) => {
      for (const row of rows) {
        const actor = String(row.actor_account);
        if (!clearMobile(actor) || actor.includes('*')) continue;
        await db
          .updateTable('audit_log')
          .set({ actor_account: maskMobile(actor) })
          .where('id', '=', row.id)
          .execute();
      }
    },
    batchSize,
  );
}

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
      await sealAccountNames(db as AnyDb, protection);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      // index keys stay: going back would mean writing mobiles in clear again
      await db.schema.alterTable('outbox').dropColumn('recipient_sealed').execute();
      await db.schema.alterTable('accounts').dropColumn('account_sealed').execute();
    },
  };
}
