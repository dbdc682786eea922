import type { FastifyInstance } from 'fastify';
import type { Authenticate } from '../../auth/authenticate.js';
import type { Audit } from '../../audit/audit.js';
import { HOUR_MS, systemClock } from '../../clock.js';
import type { Editions } from '../edition/editions.js';
import { temporaryAdminRoutes } from './temporary-admin-routes.js';
import type { TemporaryCodes } from './temporary-codes.js';
import { temporaryOpenRoutes } from './temporary-open-routes.js';
import type { TemporaryRecommendations } from './temporary-recommendations.js';
import type { TemporaryRegistrations } from './temporary-registrations.js';
import type { TemporaryUploads } from './temporary-uploads.js';

export interface TemporaryRouteServices {
  registrations: TemporaryRegistrations;
  recommendations: TemporaryRecommendations;
  codes: TemporaryCodes;
  uploads: TemporaryUploads;
  editions: Editions;
  audit: Audit;
  /** the open pages record a valid session when there is one */
  authenticate: Authenticate;
}

/** Temporary registration: the open pages and the organisers' review, with their scheduled clean-up. */
export async function temporaryRoutes(app: FastifyInstance, services: TemporaryRouteServices): Promise<void> {
  const { registrations, recommendations, codes, uploads, editions, audit, authenticate } = services;
  // unclaimed pictures older than a day, at start and then hourly, once across instances
  void app.jobs.schedule(
    {
      name: 'temporary-picture-purge',
      everyMs: HOUR_MS,
      run: async () => void (await uploads.purgeUnclaimed(systemClock.isoIn(-24 * HOUR_MS))),
    },
    'force',
  );

  await temporaryOpenRoutes(app, { registrations, uploads, recommendations, authenticate });
  await temporaryAdminRoutes(app, { registrations, uploads, codes, recommendations, editions, audit });
}
