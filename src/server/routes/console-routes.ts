import type { FastifyInstance } from 'fastify';
import { consoleCodeRoutes } from './console-code-routes.js';
import { consoleExportRoutes } from './console-export-routes.js';
import { consoleGuestRoutes } from './console-guest-routes.js';
import { consoleHotelRoutes } from './console-hotel-routes.js';
import { consoleNoticeRoutes } from './console-notice-routes.js';

/** The organisers' console (issue 9): every route answers 403 to any other account type. */
export async function consoleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(consoleGuestRoutes);
  await app.register(consoleCodeRoutes);
  await app.register(consoleNoticeRoutes);
  await app.register(consoleHotelRoutes);
  await app.register(consoleExportRoutes);
}
