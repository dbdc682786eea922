import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config.js';
import { openRedis } from './redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the Redis every instance shares (REDIS_URL), or null for one instance */
    redis: Redis | null;
  }
}

/**
 * Connects what several instances share besides the database. Without REDIS_URL the counters
 * stay in this process (rate limits) and in the database (sign-in failures), as for one instance.
 */
export async function connectSharedState(app: FastifyInstance, config: AppConfig, redisDegraded: (error: unknown) => void): Promise<void> {
  const redis = config.redisUrl ? await openRedis(config.redisUrl, config.redisKeyPrefix, redisDegraded) : null;
  app.decorate('redis', redis);
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
}
