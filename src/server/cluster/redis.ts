import type { Redis } from 'ioredis';

/**
 * The Redis connection every instance shares (REDIS_URL): rate limits and sign-in throttles.
 * A command fails after one retry instead of queueing while Redis is away, so a Redis outage
 * shows as a logged error and an open limiter (see rate-limits.ts), never as hung requests.
 */
export async function openRedis(url: string, keyPrefix: string): Promise<Redis> {
  // loaded only when REDIS_URL is set: a single instance never pays for it at start
  const { Redis: RedisClient } = await import('ioredis');
  const redis = new RedisClient(url, {
    keyPrefix,
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    enableOfflineQueue: true,
    // reconnect forever, at most every 2 s: Redis coming back heals every instance by itself
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  await redis.connect();
  return redis;
}

/** Readiness: Redis answers PING within the bound. */
export async function pingRedis(redis: Redis, timeoutMs = 1_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.ping(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('redis ping timed out')), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
