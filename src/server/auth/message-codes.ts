import type { Db } from '../db/database.js';
import type { OutboxService } from '../outbox/outbox-service.js';
import type { Translator } from '../http/translator.js';
import type { AccountNames } from './account-names.js';
import type { Language } from '../../shared/constants.js';
import { AppError } from '../http/app-error.js';
import { systemClock } from '../clock.js';
import { channelOf } from '../security/account-name.js';
import { CODE_SCENES, CODE_TTL_MINUTES, type CodeScene, type OneTimeCodes } from './one-time-codes.js';

export type { CodeScene };

/** A new code for the same account only after this long. */
const RESEND_INTERVAL_MS = 60_000;

/** SMS / e-mail codes: checks the scene's precondition, issues the code, queues the message. */
export class MessageCodes {
  constructor(
    private readonly db: Db,
    private readonly codes: OneTimeCodes,
    private readonly outbox: OutboxService,
    private readonly translator: Translator,
    private readonly summitName: string,
    private readonly names: AccountNames,
  ) {}

  /**
   * Answers the same whether the account exists or not (no enumeration): the resend interval
   * holds for every address, a code is issued for every one, and only its owner hears of it. A
   * code for an account that does not exist (sign-in, reset) is never delivered; an address that
   * already has an account (registration, account change) gets a notice instead of the code, so
   * nobody else can go on with it.
   */
  async send(account: string, scene: CodeScene, language: Language): Promise<void> {
    const existing = await this.db
      .selectFrom('accounts')
      .select(['id', 'user_type'])
      .where('account', '=', this.names.key(account))
      .executeTakeFirst();

    // the resend interval holds across scenes: switching scene does not send faster
    const last = await this.codes.lastIssuedAt(
      CODE_SCENES.map((s) => `message:${s}` as const),
      account,
    );
    if (last && systemClock.now().getTime() - Date.parse(last) < RESEND_INTERVAL_MS) throw new AppError('codeSentTooOften');

    const code = await this.codes.issue(`message:${scene}`, account);
    const mustExist = scene === 'login' || scene === 'reset-password' || scene === 'guest-login';
    if (mustExist && (existing === undefined || (scene === 'guest-login' && existing.user_type !== 'guest'))) return;
    const taken = !mustExist && existing !== undefined;
    const channel = channelOf(account);
    const subjectKey = taken ? 'server.outbox.accountTakenSubject' : 'server.outbox.codeSubject';
    await this.outbox.send({
      channel,
      to: account,
      subject: channel === 'email' ? this.translator.t(language, subjectKey, { summit: this.summitName }) : null,
      code: taken ? '' : code,
      render: (shown) =>
        taken
          ? this.translator.t(language, 'server.outbox.accountTakenBody')
          : this.translator.t(language, 'server.outbox.codeBody', { code: shown, minutes: CODE_TTL_MINUTES }),
    });
  }

  /**
   * Throws the translated "phone verification failed" (or attempts exceeded) unless the code
   * is right AND was sent for this scene.
   */
  async verify(account: string, scene: CodeScene, code: string): Promise<void> {
    const result = await this.codes.check(`message:${scene}`, account, code);
    if (result === 'attempts-exceeded') throw new AppError('codeAttemptsExceeded');
    if (result !== 'ok') throw new AppError('codeInvalid');
  }
}
