import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountNames } from '../../auth/account-names.js';
import type { DataProtection } from '../../security/data-protection.js';
import { UNUSABLE_PASSWORD_PREFIX } from '../../auth/password-hash.js';
import type { Clock } from '../../clock.js';
import { normaliseAccount } from '../../security/account-name.js';
import type { Executor } from '../../db/database.js';

/**
 * An approved guest gets a sign-in account of type `guest` for its mobile, so it can use
 * guestLogin (a code sent to that mobile) and see only its own registration. The account has
 * no usable password: guests sign in with codes only.
 */
export class GuestAccountLinks {
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly protection: DataProtection,
    private readonly names: AccountNames,
    private readonly clock: Clock,
  ) {}

  /** Run in the transaction that approves the guest. */
  async link(trx: Executor, guestId: string): Promise<void> {
    const guest = await trx
      .selectFrom('guests')
      .select(['id', 'name', 'document', 'account_id', 'edition_id', 'unit_id'])
      .where('id', '=', guestId)
      .executeTakeFirst();
    // the mobile is sealed in the document (migration 0017): opened here, never stored in clear beside it
    const mobile = guest ? this.protection.fieldOf(JSON.parse(guest.document) as Record<string, unknown>, 'mobile') : null;
    if (!guest || guest.account_id !== null || !mobile) return;
    const account = normaliseAccount(mobile);
    const existing = await trx
      .selectFrom('accounts')
      .select(['id', 'user_type'])
      .where('account', '=', this.names.key(account))
      .executeTakeFirst();
    let accountId: string;
    if (existing) {
      if (existing.user_type !== 'guest') {
        // a unit's or organiser's account must never become a guest's sign-in
        this.log.info({ guestId }, 'guest account not linked: the mobile belongs to a non-guest account');
        return;
      }
      // the account already shows a guest of another unit (older data, or a race the add check
      // missed): a second unit's record must never take it over
      const other = await trx
        .selectFrom('guests')
        .select(['unit_id'])
        .where('account_id', '=', existing.id)
        .where('edition_id', '=', guest.edition_id)
        .where('id', '!=', guestId)
        .execute();
      if (other.some((row) => row.unit_id !== guest.unit_id)) {
        this.log.warn({ guestId }, 'guest account not linked: the mobile signs in a guest of another unit');
        return;
      }
      accountId = existing.id;
      // the name moves under this edition's key: the purge of the edition it came from keeps it
      await trx
        .updateTable('accounts')
        .set({ account_sealed: this.names.sealed(account, guest.edition_id) })
        .where('id', '=', accountId)
        .execute();
    } else {
      accountId = randomUUID();
      const now = this.clock.nowIso();
      await trx
        .insertInto('accounts')
        .values({
          id: accountId,
          account: this.names.key(account),
          account_sealed: this.names.sealed(account, guest.edition_id),
          name: guest.name,
          user_type: 'guest',
          unit_id: null,
          password_hash: `${UNUSABLE_PASSWORD_PREFIX}${randomBytes(32).toString('base64url')}`,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await trx.updateTable('guests').set({ account_id: accountId }).where('id', '=', guestId).execute();
  }
}
