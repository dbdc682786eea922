import type { AnyDb } from '../../db/database.js';
import path from 'node:path';
import { likeLiteral, matchesLike } from '../../db/sql-fragments.js';
import type { DataProtection } from '../../security/data-protection.js';
import type { SealedText } from '../../security/key-presence.js';
import { keyIdOfSealed } from '../../security/sealed-values.js';

type Row = Record<string, unknown>;

/** `v1:<keyId>:` anywhere in the column (a single value or a JSON document), `_` matched literally. */
function underKey(column: string, keyId: string) {
  return matchesLike(column, `%v1:${likeLiteral(keyId)}:%`);
}

/**
 * Before the edition's key is destroyed, what else it sealed and outlives the edition's records:
 * SMS messages (sealed under the edition current when sent) are deleted, like the messages to its
 * people; a sign-in name still used for a guest of another edition is sealed again under DATA_KEY;
 * an upload's original name becomes `file` with its extension (the name may be a person's). Run
 * in the purge's transaction, while the key still opens them.
 */
export async function releaseEditionKey(db: AnyDb, protection: DataProtection, keyId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  counts['outbox (sealed under the edition key)'] = Number(
    (await db.deleteFrom('outbox').where(underKey('recipient_sealed', keyId)).executeTakeFirst()).numDeletedRows,
  );
  const accounts = (await db
    .selectFrom('accounts')
    .select(['id', 'account_sealed'])
    .where(underKey('account_sealed', keyId))
    .execute()) as Row[];
  for (const row of accounts)
    await db
      .updateTable('accounts')
      .set({ account_sealed: protection.seal(protection.open(String(row.account_sealed))) })
      .where('id', '=', row.id)
      .execute();
  counts['accounts (kept for another edition)'] = accounts.length;
  for (const table of ['uploads', 'temporary_uploads']) {
    const names = (await db.selectFrom(table).select(['id', 'original_name']).where(underKey('original_name', keyId)).execute()) as Row[];
    for (const row of names) {
      const extension = path.extname(protection.open(String(row.original_name))).slice(0, 16);
      await db
        .updateTable(table)
        .set({ original_name: protection.seal(`file${extension}`) })
        .where('id', '=', row.id)
        .execute();
    }
    counts[`${table} names`] = names.length;
  }
  return counts;
}

/** How many stored values the key still seals, per `table.column`: the key is kept while any does. */
export async function valuesStillUnder(db: AnyDb, texts: readonly SealedText[], keyId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const { table, column } of texts) {
    const rows = (await db.selectFrom(table).select(column).where(underKey(column, keyId)).execute()) as Row[];
    // the LIKE is a filter; the key id of a match is read back exactly
    const count = rows.filter((row) =>
      [...String(row[column]).matchAll(/v1:[A-Za-z0-9_-]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]*/g)].some(
        (match) => keyIdOfSealed(match[0]) === keyId,
      ),
    ).length;
    if (count > 0) out[`${table}.${column}`] = count;
  }
  return out;
}
