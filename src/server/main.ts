import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

/** Server entry: configuration, app, port. Everything else lives in buildApp. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });

  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [`Summit portal: http://${host}:${config.port}/  (API docs: http://${host}:${config.port}/exhibition/docs)`];
  lines.push(`Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite ${config.dataDir}/summit.sqlite (one instance only)`}`);
  lines.push(`Uploads: ${config.uploadDir}${config.redisUrl ? '; shared counters: Redis (REDIS_URL)' : ''}`);
  if (config.devOutbox) lines.push(`Dev outbox (codes in clear): http://${host}:${config.port}/exhibition/dev/outbox?to=<account or captcha uuid>`);
  if (app.demoAccounts.length > 0) {
    lines.push('Demo accounts (same password for all, unless changed since):');
    for (const demo of app.demoAccounts) lines.push(`  ${demo.userType.padEnd(12)} ${demo.account.padEnd(32)} ${demo.password}`);
  }
  console.log(lines.join('\n'));

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void shutDown(app, config.shutdownGraceMs, signal));
  }
}

/**
 * Graceful stop (issue 20): the port closes at once (a balancer's next connection goes to
 * another instance), requests in flight finish, scheduled runs end, then the database pool and
 * Redis close. Past the grace period the remaining connections are cut and the process exits.
 */
async function shutDown(app: FastifyInstance, graceMs: number, signal: string): Promise<void> {
  app.log.info({ signal, graceMs }, 'shutting down: finishing requests in flight');
  const force = setTimeout(() => {
    app.log.warn('grace period over: closing the remaining connections');
    app.server.closeAllConnections();
    setTimeout(() => process.exit(1), 1_000).unref();
  }, graceMs);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

void main();
