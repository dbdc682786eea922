import type { Db } from '../../db/database.js';
import type { AutomaticMessages } from './automatic-messages.js';
import { insertAccount } from './new-account.js';
import { AppError } from '../../http/app-error.js';
import type { AccountNames } from '../../auth/account-names.js';
import type { PasswordHasher } from '../../auth/password-hash.js';
import type { Clock } from '../../clock.js';
import { channelOf } from '../../security/account-name.js';
import type { MessageCodes } from '../../auth/message-codes.js';
import type { Sessions } from '../../auth/sessions.js';
import type { SignedInAccount } from '../../auth/sessions.js';

export interface Registration {
  userType: string;
  account: string;
  name: string;
  password: string;
  unitName?: string;
  code: string;
  /** the validated document as submitted (minus secrets), kept with its schema version */
  document: Record<string, unknown>;
  schemaVersion: number;
}

export class Accounts {
  constructor(
    private readonly db: Db,
    private readonly hasher: PasswordHasher,
    private readonly messageCodes: MessageCodes,
    private readonly sessions: Sessions,
    private readonly names: AccountNames,
    private readonly clock: Clock,
    private readonly automatic: AutomaticMessages,
  ) {}

  async exists(account: string): Promise<boolean> {
    const row = await this.db.selectFrom('accounts').select('id').where('account', '=', this.names.key(account)).executeTakeFirst();
    return row !== undefined;
  }

  private async assertFree(account: string): Promise<void> {
    if (await this.exists(account)) throw new AppError(channelOf(account) === 'sms' ? 'phoneExists' : 'emailExists');
  }

  async register(input: Registration): Promise<void> {
    // the code first: only the address's owner has one, so "already exists" tells nobody else
    await this.messageCodes.verify(input.account, 'register', input.code);
    await this.assertFree(input.account);
    const passwordHash = await this.hasher.hash(input.password);
    const edition = await this.currentEditionId();
    const now = this.clock.nowIso();
    await this.db.transaction().execute(async (trx) => {
      const { accountId } = await insertAccount(trx, {
        editionId: edition,
        accountKey: this.names.key(input.account),
        accountSealed: this.names.sealed(input.account),
        name: input.name,
        userType: input.userType,
        passwordHash,
        unit: input.unitName
          ? { name: input.unitName, document: JSON.stringify(input.document), schemaVersion: input.schemaVersion }
          : undefined,
        now,
      });
      await this.automatic.queue(trx, { event: 'account-registered', editionId: edition, to: { accountId }, params: {} });
    });
  }

  async changePassword(who: SignedInAccount, oldPassword: string, password: string): Promise<void> {
    const row = await this.db.selectFrom('accounts').select('password_hash').where('id', '=', who.id).executeTakeFirstOrThrow();
    if (!(await this.hasher.verify(oldPassword, row.password_hash))) throw new AppError('oldPasswordIncorrect');
    if (oldPassword === password) throw new AppError('samePassword');
    await this.setPassword(who.id, password);
  }

  async resetPassword(account: string, code: string, password: string): Promise<void> {
    // the code first: a code for an unknown account is never delivered, so both answer "wrong code"
    await this.messageCodes.verify(account, 'reset-password', code);
    const row = await this.db.selectFrom('accounts').select('id').where('account', '=', this.names.key(account)).executeTakeFirst();
    if (!row) throw new AppError('userNotExist');
    await this.setPassword(row.id, password);
  }

  /** Every session of the account ends with the password change (or reset). */
  private async setPassword(accountId: string, password: string): Promise<void> {
    const passwordHash = await this.hasher.hash(password);
    // both or neither: a new password with the old sessions still open must not be possible
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('accounts')
        .set({ password_hash: passwordHash, updated_at: this.clock.nowIso() })
        .where('id', '=', accountId)
        .execute();
      await this.sessions.revokeAllOf(accountId, trx);
    });
  }

  /** The code was sent to the new account, which proves the person holds it. */
  async changeAccount(who: SignedInAccount, account: string, newAccount: string, code: string): Promise<void> {
    if (account !== who.account) throw new AppError('userNotExist');
    if (newAccount === account) throw new AppError('sameAccount');
    await this.messageCodes.verify(newAccount, 'change-account', code);
    await this.assertFree(newAccount);
    await this.db
      .updateTable('accounts')
      .set({ account: this.names.key(newAccount), account_sealed: this.names.sealed(newAccount), updated_at: this.clock.nowIso() })
      .where('id', '=', who.id)
      .execute();
  }

  async currentEditionId(): Promise<string> {
    const row = await this.db.selectFrom('editions').select('id').where('is_current', '=', 1).executeTakeFirst();
    if (!row) throw new Error('no current edition');
    return row.id;
  }
}
