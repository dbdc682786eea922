import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

/**
 * @fastify/rate-limit's Redis counters, and this instance's own counters when a Redis command
 * fails: while Redis is away every instance limits on its own (a client could get the limit
 * once per instance) rather than not at all (`skipOnError`) or answering 500. Counting goes
 * back to Redis with the first command that succeeds.
 */
function degradingStore(
  primary: FastifyRateLimitStore,
  local: FastifyRateLimitStore,
  degraded: (error: unknown) => void,
): FastifyRateLimitStore {
  return {
    incr(key, callback, timeWindow, max) {
      primary.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          degraded(error);
          local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    },
    child(routeOptions) {
      return degradingStore(primary.child(routeOptions), local.child(routeOptions), degraded);
    },
  };
}

/** The `store` option of the plugin (it builds the store with `new`, and a constructor returning an object gives that object). */
export function degradingRateLimitStore(redis: Redis, nameSpace: string, degraded: (error: unknown) => void): FastifyRateLimitStoreCtor {
  return function DegradingRateLimitStore(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
    const primary = new RedisStore(options.continueExceeding ?? false, options.exponentialBackoff ?? false, redis, nameSpace);
    const local = new LocalStore(options.continueExceeding ?? false, options.exponentialBackoff ?? false);
    return degradingStore(primary, local, degraded);
  } as unknown as FastifyRateLimitStoreCtor;
}
