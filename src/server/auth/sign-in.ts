import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { AccountNames } from './account-names.js';
import type { PasswordHasher } from './password-hash.js';
import type { CaptchaService } from './captcha-service.js';
import type { MessageCodes } from './message-codes.js';
import type { Sessions } from './sessions.js';

/** The three ways in: password + image code, SMS/e-mail code, and guest code. Each returns a token. */
export class SignIn {
  constructor(
    private readonly db: Db,
    private readonly hasher: PasswordHasher,
    private readonly captcha: CaptchaService,
    private readonly messageCodes: MessageCodes,
    private readonly sessions: Sessions,
    private readonly captchaRequired: boolean,
    private readonly names: AccountNames,
  ) {}

  /** `escalated`: the account is under attack (sign-in throttle), an image code is required even where it is off */
  /** `turnTicket`: from the 429 of an earlier try (X-Sign-In-Turn), come back at its turn */
  async withPassword(
    account: string,
    password: string,
    uuid: string,
    code: string,
    escalated = false,
    turnTicket?: string,
  ): Promise<string> {
    // a place in the hash queue first: refused now (429), the image code is still unspent
    const admission = this.hasher.admit(turnTicket);
    let row: { id: string; password_hash: string } | undefined;
    let valid: boolean;
    try {
      if ((this.captchaRequired || escalated) && !(await this.captcha.check(uuid, code))) throw new AppError('captchaInvalid');
      row = await this.db
        .selectFrom('accounts')
        .select(['id', 'password_hash'])
        .where('account', '=', this.names.key(account))
        .executeTakeFirst();
      // unknown account and wrong password: same work, same answer
      valid = row ? await admission.verify(password, row.password_hash) : await admission.verifyAgainstNothing(password);
    } finally {
      admission.release();
    }
    if (!row || !valid) throw new AppError('invalidCredentials');
    return this.sessions.create(row.id);
  }

  async withCode(account: string, code: string): Promise<string> {
    await this.messageCodes.verify(account, 'login', code);
    const row = await this.db.selectFrom('accounts').select('id').where('account', '=', this.names.key(account)).executeTakeFirst();
    if (!row) throw new AppError('userNotExist');
    return this.sessions.create(row.id);
  }

  /** A special guest signs in with a code sent to their own mobile or e-mail. */
  async asGuest(account: string, code: string): Promise<string> {
    await this.messageCodes.verify(account, 'guest-login', code);
    const row = await this.db
      .selectFrom('accounts')
      .select(['id', 'user_type'])
      .where('account', '=', this.names.key(account))
      .executeTakeFirst();
    if (!row) throw new AppError('userNotExist');
    if (row.user_type !== 'guest') throw new AppError('notAGuest');
    return this.sessions.create(row.id);
  }
}
