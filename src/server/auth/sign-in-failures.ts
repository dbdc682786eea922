import type { Db } from '../db/database.js';
import { systemClock } from '../clock.js';

/** A fixed window of failures under one key: how many, and when the window closes. */
export interface FailureCount {
  failures: number;
  /** seconds until the window closes (0 when there is none) */
  resetsInSeconds: number;
}

/**
 * Where failed sign-ins are counted. Keys are opaque (`account:<name>`, `pair:<name>|<client>`);
 * a window starts at the key's first failure and lasts `windowMs`.
 */
export interface FailureStore {
  read(key: string): Promise<FailureCount>;
  add(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

/**
 * Failures in the database (both SQLite and PostgreSQL, table `sign_in_failures`): shared by
 * every instance on one PostgreSQL database, and a flood of other names cannot evict a key.
 * Used when no REDIS_URL is set.
 */
export class DbFailureStore implements FailureStore {
  constructor(
    private readonly db: Db,
    private readonly windowMs: number,
    private readonly now: () => Date = () => systemClock.now(),
  ) {}

  private windowCutoff(): string {
    return new Date(this.now().getTime() - this.windowMs).toISOString();
  }

  async read(key: string): Promise<FailureCount> {
    const row = await this.db
      .selectFrom('sign_in_failures')
      .select(['failures', 'window_start'])
      .where('account', '=', key)
      .executeTakeFirst();
    if (!row || row.window_start < this.windowCutoff()) return { failures: 0, resetsInSeconds: 0 };
    const closes = new Date(row.window_start).getTime() + this.windowMs;
    return { failures: row.failures, resetsInSeconds: Math.max(1, Math.ceil((closes - this.now().getTime()) / 1000)) };
  }

  async add(key: string): Promise<void> {
    const now = this.now().toISOString();
    const cutoff = this.windowCutoff();
    await this.db
      .insertInto('sign_in_failures')
      .values({ account: key, failures: 1, window_start: now })
      .onConflict((conflict) =>
        conflict.column('account').doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when('sign_in_failures.window_start', '<', cutoff)
            .then(1)
            .else(eb('sign_in_failures.failures', '+', 1))
            .end(),
          window_start: eb
            .case()
            .when('sign_in_failures.window_start', '<', cutoff)
            .then(now)
            .else(eb.ref('sign_in_failures.window_start'))
            .end(),
        })),
      )
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('sign_in_failures').where('account', '=', key).execute();
  }
}
