import type { FastifyInstance } from 'fastify';
import { consoleCodeRoutes } from '../features/invitations/console-code-routes.js';
import { consoleExportRoutes } from './export-routes.js';
import { consoleGuestRoutes } from '../features/guests/console-guest-routes.js';
import { consoleHotelRoutes } from '../features/reception/console-hotel-routes.js';
import { consoleNoticeRoutes } from '../features/notices/console-notice-routes.js';

/** The organisers' console: every route answers 403 to any other account type. */
export async function consoleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(consoleGuestRoutes);
  await app.register(consoleCodeRoutes);
  await app.register(consoleNoticeRoutes);
  await app.register(consoleHotelRoutes);
  await app.register(consoleExportRoutes);
}
