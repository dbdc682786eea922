import type { Db } from '../db/database.js';

/**
 * Failed sign-ins per account name, in the database (both SQLite and PostgreSQL): a fixed
 * window that starts at the first failure. A success clears the account's counter.
 */
export class SignInFailures {
  constructor(
    private readonly db: Db,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private windowCutoff(): string {
    return new Date(this.now().getTime() - this.windowMs).toISOString();
  }

  /** Seconds until the account may try again, or null when it may try now. */
  async blockedFor(account: string): Promise<number | null> {
    const row = await this.db.selectFrom('sign_in_failures').select(['failures', 'window_start']).where('account', '=', account).executeTakeFirst();
    if (!row || row.window_start < this.windowCutoff() || row.failures < this.max) return null;
    const reopens = new Date(row.window_start).getTime() + this.windowMs;
    return Math.max(1, Math.ceil((reopens - this.now().getTime()) / 1000));
  }

  async recordFailure(account: string): Promise<void> {
    const now = this.now().toISOString();
    const cutoff = this.windowCutoff();
    await this.db
      .insertInto('sign_in_failures')
      .values({ account, failures: 1, window_start: now })
      .onConflict((conflict) =>
        conflict.column('account').doUpdateSet((eb) => ({
          failures: eb.case().when('sign_in_failures.window_start', '<', cutoff).then(1).else(eb('sign_in_failures.failures', '+', 1)).end(),
          window_start: eb.case().when('sign_in_failures.window_start', '<', cutoff).then(now).else(eb.ref('sign_in_failures.window_start')).end(),
        })),
      )
      .execute();
  }

  async clear(account: string): Promise<void> {
    await this.db.deleteFrom('sign_in_failures').where('account', '=', account).execute();
  }
}
