import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onResponseHookHandler } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { send } from '../http/error-handler.js';
import { isLoopback } from '../outbox/dev-outbox-routes.js';
import type { PasswordHasher } from '../auth/password-hash.js';
import { RequestDurations } from './request-durations.js';
import type { FaceDetector } from '../uploads/face-detector.js';

export const METRICS_PATH = '/metrics';

/**
 * Who may read /metrics: a scraper presenting METRICS_TOKEN as a bearer token, or, without a
 * token configured, a client on this machine's loopback that did not come through a proxy
 * (nginx on the same host connects from 127.0.0.1 too, so a forwarded request is refused,
 * and deploy/nginx.conf does not pass /metrics at all). Everyone else gets the 404 envelope.
 */
function mayRead(request: FastifyRequest, token: string | null): boolean {
  if (token) {
    const given = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
    const digest = (value: string) => createHash('sha256').update(value).digest();
    return timingSafeEqual(digest(given), digest(token));
  }
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined ||
    request.headers['x-real-ip'] !== undefined ||
    request.headers.forwarded !== undefined;
  return !forwarded && isLoopback(request.raw.socket.remoteAddress);
}

/**
 * Times every answer under its route pattern, never its URL (ids and queries would make a label
 * per request). Installed before any route is declared: each route gets its own onResponse hook
 * holding its pattern, rather than one hook reading `request.routeOptions` (an object Fastify
 * builds anew on every read) for every request; answers of no route (404) are counted by one
 * global hook under "unmatched".
 */
export function measureRequestDurations(app: FastifyInstance): RequestDurations {
  const durations = new RequestDurations();
  app.addHook('onRoute', (route) => {
    const pattern = route.url;
    const observe: onResponseHookHandler = (request, reply, done) => {
      durations.observe(request.method, pattern, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    const declared = route.onResponse;
    route.onResponse = declared === undefined ? [observe] : [...(Array.isArray(declared) ? declared : [declared]), observe];
  });
  // a callback hook: an async one costs a promise and a microtask on every answer
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) durations.observe(request.method, 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  return durations;
}

/**
 * Prometheus metrics of this instance (prom-client, one registry per app): request durations
 * per route (measureRequestDurations), the password-hash queue, the face-detection pool, the
 * database pool and uploads in flight, plus Node's defaults (event-loop lag, heap, GC). The two
 * queues are what a busy registration day fills first: an operator reads which one from here.
 */
export function registerMetrics(
  app: FastifyInstance,
  pool: pg.Pool | null,
  hasher: Pick<PasswordHasher, 'queueDepth' | 'running'>,
  durations: RequestDurations,
  faces: Pick<FaceDetector, 'running' | 'waiting' | 'workers' | 'live'>,
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registry.registerMetric(durations.asMetric());
  new Gauge({
    name: 'password_hash_queue_depth',
    help: 'Password hashes waiting for a slot',
    registers: [registry],
    collect() {
      this.set(hasher.queueDepth);
    },
  });
  new Gauge({
    name: 'password_hash_running',
    help: 'Password hashes running',
    registers: [registry],
    collect() {
      this.set(hasher.running);
    },
  });
  new Gauge({
    name: 'face_detections_running',
    help: 'Photo face detections running in the worker pool',
    registers: [registry],
    collect() {
      this.set(faces.running);
    },
  });
  new Gauge({
    name: 'face_detections_waiting',
    help: 'Photo face detections waiting for a free worker',
    registers: [registry],
    collect() {
      this.set(faces.waiting);
    },
  });
  new Gauge({
    name: 'face_workers',
    help: 'Worker threads of the face-detection pool (FACE_WORKERS)',
    registers: [registry],
    collect() {
      this.set(faces.workers);
    },
  });
  new Gauge({
    name: 'face_workers_live',
    help: 'Face-detection worker threads running now (each holds its model; idle ones are stopped)',
    registers: [registry],
    collect() {
      this.set(faces.live);
    },
  });
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting_clients' }, pool.waitingCount);
      },
    });
  }
  const uploadsInFlight = new Gauge({
    name: 'uploads_in_flight',
    help: 'Multipart uploads being received or checked',
    registers: [registry],
  });

  // callback hooks on every request: an async one costs a promise and a microtask each
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers['content-type']?.startsWith('multipart/form-data')) {
      uploadsInFlight.inc();
      // the response's close comes once, whether it was sent or the client went away: an
      // onRequestAbort hook instead made Fastify watch every request for an abort
      reply.raw.once('close', () => uploadsInFlight.dec());
    }
    done();
  });
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, app.config.metricsToken)) return send(request, reply, 'notFound');
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
