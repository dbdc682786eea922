import type { FastifyInstance } from 'fastify';
import { Audit } from '../../audit/audit.js';
import { HOUR_MS, isoIn } from '../../time.js';
import { temporaryAdminRoutes } from './temporary-admin-routes.js';
import { TemporaryCodes } from './temporary-codes.js';
import { seedTemporaryDemo } from '../../demo/temporary-demo.js';
import { temporaryOpenRoutes } from './temporary-open-routes.js';
import { TemporaryRecommendations } from './temporary-recommendations.js';
import { TemporaryRegistrations } from './temporary-registrations.js';
import { temporaryDb } from './temporary-tables.js';
import { TemporaryUploads } from './temporary-uploads.js';

/**
 * Temporary registration. Register inside the API prefix:
 * `await api.register(temporaryRoutes);` in src/server/app.ts. Its services are built here so
 * the feature stays in its own files.
 */
export async function temporaryRoutes(app: FastifyInstance): Promise<void> {
  const db = temporaryDb(app.db);
  const { editions } = app.services;
  const audit = new Audit(app.db);
  const uploads = new TemporaryUploads(db, app.config.uploadDir, app.log);
  app.addHook('onClose', async () => uploads.close());
  const registrations = new TemporaryRegistrations(db, editions, audit, app.services.protection);
  const recommendations = new TemporaryRecommendations(db, editions, app.services.protection);
  const codes = new TemporaryCodes(db);
  if (app.config.seedDemoData) await seedTemporaryDemo(db, editions);

  // unclaimed pictures older than a day, at start and then hourly, once across instances
  void app.jobs.schedule(
    { name: 'temporary-picture-purge', everyMs: HOUR_MS, run: async () => void (await uploads.purgeUnclaimed(isoIn(-24 * HOUR_MS))) },
    'force',
  );

  await temporaryOpenRoutes(app, { registrations, uploads, recommendations });
  await temporaryAdminRoutes(app, { registrations, uploads, codes, recommendations, editions, audit });
}
