import { buildApp } from './app.js';
import { shutDown } from './cluster/graceful-shutdown.js';
import { loadConfig } from './config.js';
import { MissingKeysError } from './security/key-presence.js';

/** Server entry: configuration, app, port. Everything else lives in buildApp. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    // a refusal says why in its message; anything else with its stack
    console.error(error instanceof MissingKeysError ? error.message : error);
    process.exit(1);
  }
  await app.listen({ port: config.port, host: config.host });

  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [`Summit portal: http://${host}:${config.port}/  (API docs: http://${host}:${config.port}/exhibition/docs)`];
  lines.push(
    `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite ${config.dataDir}/summit.sqlite (one instance only)`}`,
  );
  lines.push(`Uploads: ${config.uploadDir}${config.redisUrl ? '; shared counters: Redis (REDIS_URL)' : ''}`);
  if (config.devOutbox) {
    lines.push(`Dev outbox (codes in clear): http://${host}:${config.port}/exhibition/dev/outbox?to=<account or captcha uuid>`);
    // it answers loopback sockets without a forwarding header: a TCP forwarder adds none
    // (TRUST_PROXY with it is refused at start)
    if (config.host !== '127.0.0.1')
      lines.push('WARNING: DEV_OUTBOX is on; never let a proxy or TCP forwarder on this machine reach this port');
  }
  if (app.demoAccounts.length > 0) {
    lines.push('Demo accounts (same password for all, unless changed since):');
    for (const demo of app.demoAccounts) lines.push(`  ${demo.userType.padEnd(12)} ${demo.account.padEnd(32)} ${demo.password}`);
  }
  console.log(lines.join('\n'));

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      // Ctrl-C at a terminal has no balancer to tell: no drain period
      const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
      void shutDown(app, { drainMs, graceMs: config.shutdownGraceMs }, signal);
    });
  }
}

void main();
