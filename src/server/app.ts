import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE } from '../shared/api-paths.js';
import type { AppConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { isPostgres } from './db/dialect.js';
import { migrateToLatest } from './db/migrate.js';
import { installErrorHandler } from './http/error-handler.js';
import { clientErrorHandler, frameworkErrorHandler } from './http/framework-errors.js';
import { acceptEmptyJsonBodies } from './http/json-body.js';
import { lazySerializerFactory } from './http/lazy-serializers.js';
import { usePrecompiledValidators } from './http/request-validation.js';
import { languageOf } from './http/translator.js';
import { registerCompression } from './plugins/compression.js';
import { AccessLog, lazyChildLogger } from './plugins/access-log.js';
import { serverLoggerOptions } from './plugins/log-destination.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { connectSharedState } from './cluster/shared-state.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerStaticClient } from './plugins/static-client.js';
import { ensureCurrentEdition, readDemoFile, seedDemoData, type DemoAccount } from './demo/demo-seed.js';
import { clearLiveSchemas } from './http/live-schemas.js';
import { formValidatorModuleRoutes } from './features/forms/live-form-routes.js';
import { seedTemporaryDemo } from './demo/temporary-demo.js';
import { temporaryDb } from './features/temporary/temporary-tables.js';
import { createFoundation, createServices, registerApiRoutes, SEALED_TEXTS, type ServiceOptions } from './composition.js';
import { refuseMissingKeys } from './security/key-presence.js';
import { registerRequestDeadline, serverRequestTimeoutMs } from './plugins/request-deadline.js';
import { startUploadWriter } from './cluster/housekeeping.js';
import { holdAdvisoryLock } from './cluster/advisory-lock.js';
import { registerDraining } from './cluster/graceful-shutdown.js';
import { healthRoutes } from './cluster/health-routes.js';
import { measureRequestDurations, registerMetrics } from './cluster/metrics.js';
import { registerJobScheduler, scheduleHousekeeping } from './cluster/housekeeping-jobs.js';
import './http/fastify-types.js';

const root = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

export interface BuildOptions extends Partial<ServiceOptions> {
  /** pino logger options, or false for silence (tests) */
  logger?: boolean | object;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** demo accounts created at this start (empty unless the database was empty) */
    demoAccounts: DemoAccount[];
  }
}

/**
 * Builds the whole app without opening a port (tests call `inject`). Order is fixed:
 * infrastructure (db, i18n, services), external plugins, app hooks, then routes.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const logger = options.logger ?? serverLoggerOptions(config);
  const app = Fastify({
    logger,
    // one access line per request instead of two, written without a request logger (plugins/access-log.ts)
    logController: new AccessLog(),
    // a request's own logger is made only when something logs through it
    ...(logger === false ? {} : { childLoggerFactory: lazyChildLogger }),
    bodyLimit: config.bodyLimitBytes,
    // the outer bound; REQUEST_TIMEOUT_MS and the upload pace are applied per request (plugins/request-deadline.ts)
    requestTimeout: serverRequestTimeoutMs(config),
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // response serializers compile on a route's first answer, not all at start
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory() } },
    // while closing, requests already on a connection are still served (no 503 during a rolling restart)
    return503OnClosing: false,
    // idle keep-alive connections live longer than a proxy's (nginx: keepalive_timeout 60 s),
    // so the proxy closes them first and never sends on one this side is closing
    keepAliveTimeout: 72_000,
  });
  // before any plugin declares a route: each route gets its own duration hook (cluster/metrics.ts)
  const durations = measureRequestDurations(app);

  const { db, pool } = openDatabase(config, {
    onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost; the pool reconnects on the next query'),
  });
  app.addHook('onClose', async () => db.destroy());
  // several instances start together: one at a time migrates, makes the edition and demo data
  const releaseStartup = await holdAdvisoryLock(db, 'startup');
  app.addHook('onClose', releaseStartup);
  const foundation = createFoundation(config, root('locales'));
  await migrateToLatest(db, isPostgres(db) ? config.databaseSchema : null, foundation.protection);
  // a backup restored without its key files must not start on new keys (every sealed record would answer 500)
  await refuseMissingKeys(db, config.dataKeyring, SEALED_TEXTS, config.dataDir).catch(async (error: unknown) => {
    await releaseStartup();
    await db.destroy();
    throw error;
  });
  const demo = readDemoFile(root('config/demo-data.json'));
  await ensureCurrentEdition(db, demo.edition.year, demo.edition.name);

  const { translator } = foundation;
  const services = createServices(config, db, foundation, app.log, {
    menusFile: root('config/menus.json'),
    editionFile: root('config/edition.json'),
    ...options,
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('translator', translator);
  app.decorate('services', services);
  // the hash-time estimate of the sign-in admission comes from this machine.
  // Measured alone, before anything else runs: overlapped with the seed's hashes or with route
  // registration it came out inflated, and the admission turned simultaneous sign-ins away as busy.
  await services.hasher.calibrate();
  app.decorate(
    'demoAccounts',
    config.seedDemoData ? await seedDemoData(db, services.hasher, services.protection, services.names, demo, config.uploadDir) : [],
  );
  if (config.seedDemoData) await seedTemporaryDemo(temporaryDb(db), services.editions);
  // the forms' first versions come from the repository's files (an empty table only)
  await services.forms.versions.seed();
  // the published forms this instance validates with; a publish elsewhere is seen within 2 s
  await services.forms.live.refresh();
  services.forms.live.start(2_000);
  app.addHook('onClose', async () => {
    services.forms.live.stop();
    clearLiveSchemas();
  });
  // the one face-detection worker of this process
  app.addHook('onClose', async () => services.faceDetector.close());
  app.decorateRequest('language', 'zh-CN');
  app.decorateRequest('account', null);

  // external plugins
  await registerSecurityHeaders(app);
  // the session cookie; no signing: the value is a random token looked up by its hash
  await app.register(fastifyCookie);
  await registerCompression(app);
  await registerRequestDeadline(app, config);
  await connectSharedState(app, config, services.redisDegraded);
  registerJobScheduler(app, services.jobs);
  await registerRateLimits(app, services);
  await registerOpenApi(app);

  // app hooks
  // callback hooks on the hot path: an async hook costs a promise and a microtask per request
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = languageOf(request.headers['accept-language']);
    done();
  });
  acceptEmptyJsonBodies(app);
  usePrecompiledValidators(app);
  installErrorHandler(app, services.databaseSpace);

  // routes
  registerDraining(app);
  registerMetrics(app, pool, services.hasher, durations, services.faceDetector);
  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      // API answers carry personal data (also the write answers): never cached, unless a
      // route chose its own cache header
      api.addHook('onSend', (_request, reply, payload, done) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      // cross-site request forgery: a state change naming another origin is refused first
      registerOriginCheck(api);
      await registerApiRoutes(api, services, config);
    },
    { prefix: API_BASE },
  );
  await app.register(formValidatorModuleRoutes, { formDrafts: services.forms.drafts });
  await registerStaticClient(app);

  // this process announces itself as a writer of the upload store before the first sweep
  const stopHeartbeat = await startUploadWriter(services.uploadJournal, (error) =>
    app.log.error({ err: error }, 'upload writer heartbeat failed'),
  );
  app.addHook('onClose', async () => stopHeartbeat());
  await releaseStartup();
  await scheduleHousekeeping(app, {
    storage: services.uploadStorage,
    journal: services.uploadJournal,
    keptElsewhere: services.filesKeptOutsideUploads,
  });
  for (const job of services.messages.reminders) void app.jobs.schedule(job, 'later');
  // queued messages go out from every instance that runs the worker (leases keep each delivery to one)
  if (config.messageWorker) {
    services.messages.worker.start();
    app.addHook('preClose', async () => services.messages.worker.stop());
  }
  await app.ready();
  return app;
}
