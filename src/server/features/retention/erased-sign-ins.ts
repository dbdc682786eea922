import type { AnyDb } from '../../db/database.js';

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The sign-ins an edition gave its approved guests (guest-accounts.ts): the account's name is the
 * guest's mobile (its blind index beside a sealed copy), so it is personal data of the edition
 * and goes with the rest. The account keeps its row (audit entries and notice reads name it) under
 * a name no mobile matches, without the sealed copy, and its sessions end: the guest can no longer
 * sign in by SMS nor read the registration. An account a guest of another edition still signs in
 * with keeps its name; only this edition's guests let go of it. Answers the erased accounts'
 * former look-up keys (the outbox and the codes are keyed by them).
 */
export async function eraseGuestSignIns(db: AnyDb, editionId: string): Promise<{ accounts: number; keys: string[] }> {
  const linked = (await db
    .selectFrom('guests')
    .select('account_id')
    .distinct()
    .where('edition_id', '=', editionId)
    .where('account_id', 'is not', null)
    .execute()) as { account_id: string }[];
  const ids = linked.map((row) => row.account_id);
  const keys: string[] = [];
  let accounts = 0;
  for (const part of chunks(ids)) {
    const elsewhere = new Set(
      (
        (await db
          .selectFrom('guests')
          .select('account_id')
          .where('account_id', 'in', part)
          .where('edition_id', '!=', editionId)
          .execute()) as { account_id: string }[]
      ).map((row) => row.account_id),
    );
    const own = (await db
      .selectFrom('accounts')
      .select(['id', 'account'])
      .where('id', 'in', part)
      .where('user_type', '=', 'guest')
      .execute()) as { id: string; account: string }[];
    const erased = own.filter((row) => !elsewhere.has(row.id));
    for (const row of erased) {
      keys.push(row.account);
      await db
        .updateTable('accounts')
        .set({ account: `erased:${row.id}`, account_sealed: null })
        .where('id', '=', row.id)
        .execute();
    }
    if (erased.length > 0)
      await db
        .deleteFrom('sessions')
        .where(
          'account_id',
          'in',
          erased.map((row) => row.id),
        )
        .execute();
    accounts += erased.length;
  }
  await db
    .updateTable('guests')
    .set({ account_id: null })
    .where('edition_id', '=', editionId)
    .where('account_id', 'is not', null)
    .execute();
  return { accounts, keys };
}

/**
 * Messages and one-time codes sent to the edition's people: the outbox keeps the recipient's mobile
 * sealed beside its look-up key, a code its target's key. Both are keyed by the account key of
 * the mobile (account-keys.ts), which the purge computes from the erased documents.
 */
export async function eraseMessagesTo(db: AnyDb, keys: ReadonlySet<string>): Promise<{ outbox: number; codes: number }> {
  let outbox = 0;
  let codes = 0;
  for (const part of chunks([...keys])) {
    outbox += Number((await db.deleteFrom('outbox').where('recipient', 'in', part).executeTakeFirst()).numDeletedRows);
    codes += Number((await db.deleteFrom('one_time_codes').where('target', 'in', part).executeTakeFirst()).numDeletedRows);
  }
  return { outbox, codes };
}
