import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../db/database.js';
import { pingRedis } from './redis.js';
import { probeWritable } from './writable-folders.js';

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

type Check = 'ok' | 'failed' | 'full' | 'degraded' | 'not configured';

/**
 * `/healthz`: the process is alive and serving (a supervisor restarts it when this fails).
 * `/readyz`: it can do real work: the database answers (and, once it refused a write for space,
 * takes a page again: `full` otherwise, see database-space.ts), DATA_DIR and the upload folder
 * take a write (a full disk fails it), and it is not shutting down (a balancer or orchestrator sends
 * traffic only while this is 200). Redis, when configured, is reported but does not make the
 * instance unready: without it the instance counts its limits itself (degraded, still serving).
 * Plain JSON outside /exhibition, no personal data, open to anyone (they say only up or down).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'alive' }),
  );

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const checks: Record<string, Check> = { database: 'ok', dataDir: 'ok', redis: app.redis ? 'ok' : 'not configured' };
    await Promise.all([
      withTimeout(pingDatabase(app.db), PROBE_TIMEOUT_MS)
        // reachable, but a write was refused for space: can it take a page again?
        .then(() => withTimeout(app.databaseSpace.probe(app.db), PROBE_TIMEOUT_MS))
        .then(
          (space) => {
            if (space === 'full') {
              checks.database = 'full';
              request.log.warn('readiness: the database refuses writes, its disk is full (53100)');
            }
          },
          (error: unknown) => {
            checks.database = 'failed';
            request.log.warn({ err: error }, 'readiness: database not reachable');
          },
        ),
      withTimeout(probeWritable([app.config.dataDir, app.config.uploadDir]), PROBE_TIMEOUT_MS).catch((error: unknown) => {
        checks.dataDir = 'failed';
        request.log.warn({ err: error }, 'readiness: the data folder or the upload folder cannot be written');
      }),
      app.redis
        ? pingRedis(app.redis, PROBE_TIMEOUT_MS).catch((error: unknown) => {
            checks.redis = 'degraded';
            request.log.warn({ err: error }, 'readiness: redis not reachable, limits count in this instance');
          })
        : undefined,
    ]);
    const draining = app.drain.draining;
    const ready = !draining && !Object.values(checks).some((check) => check === 'failed' || check === 'full');
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: draining ? 'draining' : ready ? 'ready' : 'not ready', checks });
  });
}
