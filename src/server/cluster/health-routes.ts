import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../db/database.js';
import { pingRedis } from './redis.js';

const PROBE_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * `/healthz`: the process is alive and serving (a supervisor restarts it when this fails).
 * `/readyz`: it can do real work: the database and, when configured, Redis answer, and it is
 * not shutting down (a balancer or orchestrator sends traffic only while this is 200). Plain
 * JSON outside /exhibition, no personal data, open to anyone (they say only up or down).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'alive' }),
  );

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const checks: Record<string, 'ok' | 'failed' | 'not configured'> = { database: 'ok', redis: app.redis ? 'ok' : 'not configured' };
    await withTimeout(pingDatabase(app.db), PROBE_TIMEOUT_MS).catch((error: unknown) => {
      checks.database = 'failed';
      request.log.warn({ err: error }, 'readiness: database not reachable');
    });
    if (app.redis) {
      await pingRedis(app.redis, PROBE_TIMEOUT_MS).catch((error: unknown) => {
        checks.redis = 'failed';
        request.log.warn({ err: error }, 'readiness: redis not reachable');
      });
    }
    const draining = app.drain.draining;
    const ready = !draining && !Object.values(checks).includes('failed');
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: draining ? 'draining' : ready ? 'ready' : 'not ready', checks });
  });
}
