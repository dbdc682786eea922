import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import { codeHmac, randomCode, sameDigest } from '../security/codes.js';
import { systemClock, MINUTE_MS } from '../clock.js';
import { codeScenes, type CodeScene } from '../../shared/schema-enums.js';

export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;

export type { CodeScene };
export const CODE_SCENES = codeScenes;

/** A message code belongs to its scene: a code sent for sign-in cannot reset a password. */
export type CodeKind = 'captcha' | `message:${CodeScene}`;
export type CodeCheck = 'ok' | 'invalid' | 'attempts-exceeded';

/**
 * One-time codes (image-code answers and SMS/e-mail codes): random, stored only as an HMAC,
 * valid 10 minutes, single use, at most 5 attempts. Only the newest code of a target counts.
 */
export class OneTimeCodes {
  /** `storedTarget`: how a message code's target (an account name) is stored, its look-up key (AccountNames.key) */
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly storedTarget: (account: string) => string = (account) => account,
  ) {}

  /** a mobile never reaches the table: message targets are stored as their look-up key; the HMAC still binds the clear name */
  private stored(kind: string, target: string): string {
    return kind === 'captcha' ? target : this.storedTarget(target);
  }

  async issue(kind: CodeKind, target: string): Promise<string> {
    const code = randomCode();
    await this.db
      .insertInto('one_time_codes')
      .values({
        id: randomUUID(),
        kind,
        target: this.stored(kind, target),
        code_hmac: codeHmac(this.secret, `${kind}:${target}`, code),
        attempts: 0,
        expires_at: systemClock.isoIn(CODE_TTL_MINUTES * MINUTE_MS),
        used_at: null,
        created_at: systemClock.monotonicIso(),
      })
      .execute();
    return code;
  }

  /** When the newest code of these kinds for this target was issued (for the resend interval). */
  async lastIssuedAt(kinds: readonly CodeKind[], target: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('one_time_codes')
      .select('created_at')
      .where('kind', 'in', kinds)
      .where('target', 'in', [...new Set(kinds.map((kind) => this.stored(kind, target)))])
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at ?? null;
  }

  /**
   * Checks and, on success, consumes the code. `consumeOnFailure` is for image codes: one
   * guess per picture.
   */
  async check(kind: CodeKind, target: string, code: string, consumeOnFailure = false): Promise<CodeCheck> {
    const now = systemClock.nowIso();
    const row = await this.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('kind', '=', kind)
      .where('target', '=', this.stored(kind, target))
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row || row.used_at !== null || row.expires_at <= now) return 'invalid';

    // the attempt is counted BEFORE the comparison, in one conditional update: parallel
    // guesses cannot all read "4 attempts" and all get compared
    const counted = await this.db
      .updateTable('one_time_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', MAX_CODE_ATTEMPTS)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) === 0) return 'attempts-exceeded';

    const matches = sameDigest(row.code_hmac, codeHmac(this.secret, `${kind}:${target}`, code));
    if (!matches) {
      if (consumeOnFailure) await this.db.updateTable('one_time_codes').set({ used_at: now }).where('id', '=', row.id).execute();
      return row.attempts + 1 >= MAX_CODE_ATTEMPTS ? 'attempts-exceeded' : 'invalid';
    }
    // the "used_at is null" condition makes two racing requests spend the code only once
    const result = await this.db
      .updateTable('one_time_codes')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? 'ok' : 'invalid';
  }
}
