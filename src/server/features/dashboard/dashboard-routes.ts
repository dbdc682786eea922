import type { FastifyInstance } from 'fastify';
import { consoleApiPaths as paths } from '../../../shared/console-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import type { Answer } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { bearer, path } from '../../http/route-helpers.js';
import type { OrganiserDashboard } from './organiser-dashboard.js';

export interface DashboardRouteServices {
  organiserDashboard: OrganiserDashboard;
}

/** GET the organisers' figures (403 for every other account). */
export async function dashboardRoutes(app: FastifyInstance, { organiserDashboard }: DashboardRouteServices): Promise<void> {
  app.get<{ Reply: Answer<'response-console-dashboard'> }>(path(paths.dashboard), {
    schema: {
      tags: ['console'],
      summary: 'Figures of the current edition: guests by status, unit type, attendance, arrival day and day added; activity places',
      security: bearer,
      response: envelope('response-console-dashboard', 'the figures'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await organiserDashboard.figures(signedIn(request)));
    },
  });
}
