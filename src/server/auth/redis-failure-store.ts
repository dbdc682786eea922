import type { Redis } from 'ioredis';
import type { FailureCount, FailureStore } from './sign-in-failures.js';

/**
 * Failures in Redis (REDIS_URL): one counter per key with the window as its expiry, so every
 * instance counts into the same number and Redis forgets closed windows by itself.
 */
export class RedisFailureStore implements FailureStore {
  constructor(
    private readonly redis: Redis,
    private readonly windowMs: number,
    private readonly prefix = 'summit:sign-in-failures:',
  ) {}

  async read(key: string): Promise<FailureCount> {
    const [[, value], [, ttl]] = ((await this.redis
      .multi()
      .get(this.prefix + key)
      .pttl(this.prefix + key)
      .exec()) ?? [
      [null, null],
      [null, -2],
    ]) as [[unknown, string | null], [unknown, number]];
    const failures = Number(value ?? 0);
    return { failures, resetsInSeconds: failures > 0 && ttl > 0 ? Math.ceil(ttl / 1000) : 0 };
  }

  async add(key: string): Promise<void> {
    // the window starts at the first failure: SET NX gives the key its expiry once
    await this.redis
      .multi()
      .set(this.prefix + key, 0, 'PX', this.windowMs, 'NX')
      .incr(this.prefix + key)
      .exec();
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
