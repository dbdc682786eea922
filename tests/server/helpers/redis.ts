import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, it } from 'vitest';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether a Redis answers at `url` (the server tests and the cluster suite ask the same way). */
export async function probeRedis(url = TEST_REDIS_URL): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2_000 });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export const redisReachable = await probeRedis();

/** A fresh key prefix per run, so parallel runs on one Redis never meet. */
export const redisTestPrefix = () => `test:${randomBytes(6).toString('hex')}:`;

/** Runs a suite when Redis answers; under CI=true an unreachable Redis fails instead of skipping. */
export function describeWithRedis(name: string, suite: () => void): void {
  if (redisReachable) describe(name, suite);
  else if (process.env.CI === 'true') {
    describe(name, () => {
      it('needs Redis', () => {
        throw new Error(`Redis is not reachable at ${TEST_REDIS_URL} (TEST_REDIS_URL) and CI=true`);
      });
    });
  } else {
    describe.skip(`${name} skipped: Redis not reachable at ${TEST_REDIS_URL}`, () => {
      it('skipped', () => undefined);
    });
  }
}
