import type { Redis, RedisOptions } from 'ioredis';

/**
 * The Redis connection every instance shares (REDIS_URL): rate limits and sign-in throttles.
 * While Redis is away a command fails at once (no offline queue) or after COMMAND_TIMEOUT_MS
 * (Redis hung or the network dropped), and its caller counts elsewhere: the rate limits in
 * this instance, the sign-in failures in the database (degrading-rate-limit-store.ts,
 * auth/degrading-failure-store.ts). Queued commands had made every sign-in wait 10-12 s and
 * then answer 500.
 */
const COMMAND_TIMEOUT_MS = 500;

export async function openRedis(
  url: string,
  keyPrefix: string,
  onUnreachable: (error: unknown) => void,
  /** a connection's own settings over these (a subscriber's) */
  own: Partial<RedisOptions> = {},
): Promise<Redis> {
  // loaded only when REDIS_URL is set: a single instance never pays for it at start
  const { Redis: RedisClient } = await import('ioredis');
  const redis = new RedisClient(url, {
    keyPrefix,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    // reconnect forever, at most every 2 s: Redis coming back heals every instance by itself
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    ...own,
  });
  // a refused connection is told by the commands that fail over (one warning per half minute), not once per retry
  redis.on('error', onUnreachable);
  // an instance starting while Redis is away starts degraded and connects when Redis is back
  await redis.connect().catch(onUnreachable);
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
