import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** From SIGTERM on: /readyz answers 503 and every answer closes its connection. */
export class DrainState {
  draining = false;

  start(): void {
    this.draining = true;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: DrainState;
  }
}

/**
 * How long, after the port is closed, connections accepted just before have to bring their
 * first request. A proxy writes its request right after connecting, so a moment is enough; a
 * connection still silent after it is cut.
 */
const LAST_CONNECTIONS_SETTLE_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The draining state read by /readyz, and `Connection: close` on every answer while draining. */
export function registerDraining(app: FastifyInstance): void {
  const drain = new DrainState();
  app.decorate('drain', drain);
  // a callback hook: an async one costs a promise and a microtask on every answer
  app.addHook('onSend', (_request, reply, payload, done) => {
    // a keep-alive client (or a proxy's upstream pool) stops reusing this connection
    if (drain.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('preClose', async () => drain.start());
}

async function connectionCount(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
}

export interface ShutdownTimes {
  /** SHUTDOWN_DRAIN_MS: still serving, /readyz 503, before the port closes */
  drainMs: number;
  /** SHUTDOWN_GRACE_MS: the bound on the whole stop once the port is closed */
  graceMs: number;
}

/**
 * Graceful stop, in this order, each step for a reason:
 * 1. draining: /readyz answers 503 (a balancer that polls it stops sending) and every answer
 *    carries `Connection: close` (no client or proxy reuses a connection that will go away);
 *    requests are still served normally for `drainMs`.
 * 2. the port closes. Not through http.Server#close, which also cuts every "idle" connection
 *    at once, and a connection accepted a moment ago whose request is not parsed yet counts as
 *    idle: cutting it after the proxy sent a POST is a 502 nothing may retry. So the listening
 *    socket alone closes, connections that are still open get a moment to bring their request
 *    (answered, then closed), and only then are the idle ones cut.
 * 3. requests in flight finish, scheduled runs end, the database pool and Redis close.
 * Past `graceMs` the remaining connections are cut and the process exits with 1.
 * Behind open-source nginx, which cannot poll /readyz, take the instance out of the upstream
 * (`down`, reload) before the SIGTERM: a connection in the listen queue when the port closes
 * is reset by the kernel, and nginx may already have sent its request (deploy/nginx.conf).
 */
export async function shutDown(app: FastifyInstance, times: ShutdownTimes, signal: string): Promise<void> {
  app.log.info({ signal, ...times }, 'shutting down: draining, then finishing requests in flight');
  app.drain.start();
  await sleep(times.drainMs);
  const force = setTimeout(() => {
    app.log.warn('grace period over: closing the remaining connections');
    app.server.closeAllConnections();
    setTimeout(() => process.exit(1), 1_000).unref();
  }, times.graceMs);
  force.unref();
  try {
    net.Server.prototype.close.call(app.server);
    const settleUntil = Date.now() + LAST_CONNECTIONS_SETTLE_MS;
    while (Date.now() < settleUntil && (await connectionCount(app.server)) > 0) await sleep(50);
    app.server.closeIdleConnections();
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
