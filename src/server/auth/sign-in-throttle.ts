import type { FailureStore } from './sign-in-failures.js';

/** What a sign-in attempt on an account may do, decided before the secret is checked. */
export type ThrottleDecision =
  | { kind: 'allow' }
  /** the account is under attack from elsewhere: a fresh image code is required and the answer waits */
  | { kind: 'escalate'; delayMs: number }
  /** this client failed too often on this account: only this client waits */
  | { kind: 'refuse'; retryAfterSeconds: number };

export interface ThrottleRules {
  /** failures per account AND client within the window before that client waits */
  perClient: number;
  /** failures per account from all clients within the window before every attempt escalates */
  escalateAt: number;
  /** the escalated answer's delay doubles every `escalateAt` further failures, up to this */
  maxDelayMs: number;
}

/**
 * Sign-in throttle a stranger cannot turn on the account's owner. Failed
 * attempts are counted twice: per account and client (IP), and per account. Too many from one
 * client refuse that client only, for the window. Too many on the account from many clients
 * do not lock it: every attempt then needs a fresh image code (also where CAPTCHA_REQUIRED is
 * off) and its answer is slowed, so guessing gets slow and expensive while the owner, who
 * knows the password, still gets in. A success clears both counters.
 */
export class SignInThrottle {
  constructor(
    private readonly store: FailureStore,
    private readonly rules: ThrottleRules,
  ) {}

  private static accountKey(account: string) {
    return `account:${account}`;
  }

  private static pairKey(account: string, client: string) {
    return `pair:${account}|${client}`;
  }

  async decide(account: string, client: string): Promise<ThrottleDecision> {
    const [pair, wide] = await Promise.all([
      this.store.read(SignInThrottle.pairKey(account, client)),
      this.store.read(SignInThrottle.accountKey(account)),
    ]);
    if (pair.failures >= this.rules.perClient) return { kind: 'refuse', retryAfterSeconds: Math.max(1, pair.resetsInSeconds) };
    if (wide.failures >= this.rules.escalateAt) {
      const doublings = Math.floor((wide.failures - this.rules.escalateAt) / this.rules.escalateAt);
      return { kind: 'escalate', delayMs: Math.min(this.rules.maxDelayMs, 1000 * 2 ** doublings) };
    }
    return { kind: 'allow' };
  }

  async recordFailure(account: string, client: string): Promise<void> {
    await Promise.all([this.store.add(SignInThrottle.pairKey(account, client)), this.store.add(SignInThrottle.accountKey(account))]);
  }

  async recordSuccess(account: string, client: string): Promise<void> {
    await Promise.all([this.store.clear(SignInThrottle.pairKey(account, client)), this.store.clear(SignInThrottle.accountKey(account))]);
  }
}
