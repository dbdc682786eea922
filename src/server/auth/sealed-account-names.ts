import type { Kysely } from 'kysely';
import { maskMobile } from '../../shared/sensitive-fields.js';
import { channelOf } from './account-name.js';
import { AccountNames, isIndexKey } from './account-names.js';
import type { DataProtection } from '../security/data-protection.js';
import { batches, resealColumns, SEALED_COLUMNS, type SealedColumnProgress } from '../security/sealed-columns.js';

// walked by table name (migration 0019, keys:rotate): rows are plain records here
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** A stored name that is still a clear mobile (before 0019): neither an e-mail nor an index key. */
const clearMobile = (value: string): boolean => channelOf(value) === 'sms' && !isIndexKey(value);

/** A failure counter's key with the name replaced by its index (`account:<name>`, `pair:<name>|<client>`). */
function failureKey(names: AccountNames, key: string): string | null {
  const match = /^(account:|pair:)([^|]*)(\|.*)?$/.exec(key);
  if (!match || /^[0-9a-f]{64}$/.test(match[2]!)) return null;
  return `${match[1]}${names.throttleKey(match[2]!)}${match[3] ?? ''}`;
}

/**
 * Migration 0019: every clear mobile used as a sign-in name becomes its index key plus a sealed
 * copy (accounts, outbox), code targets and failure counters their index, and the audit log's
 * actor names a mask. Runs in the migrator's transaction.
 */
export async function sealAccountNames(db: AnyDb, protection: DataProtection, batchSize = 500): Promise<void> {
  const names = new AccountNames(protection);
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
          .set({ account: names.key(account), account_sealed: names.sealed(account) })
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
          .set({ recipient: names.key(recipient), recipient_sealed: names.sealed(recipient) })
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
          .set({ target: names.key(target) })
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
        const converted = failureKey(names, String(row.account));
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

export type AccountNameProgress = SealedColumnProgress;

/** keys:rotate: the sealed account names and outbox recipients under an older key, sealed anew (one transaction per batch). */
export async function resealAccountNames(db: AnyDb, protection: DataProtection, batchSize = 500): Promise<AccountNameProgress[]> {
  return resealColumns(
    db,
    protection,
    SEALED_COLUMNS.filter(({ table }) => table === 'accounts' || table === 'outbox'),
    batchSize,
  );
}
