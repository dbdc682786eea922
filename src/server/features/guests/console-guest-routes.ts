import type { FastifyInstance } from 'fastify';
import { ReadableValues } from '../../exports/readable-values.js';
import { consoleApiPaths as paths } from '../../../shared/console-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import type { Answer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { assertOrganiser } from '../../auth/unit-access.js';
import { bearer, path, queryOf } from '../../http/route-helpers.js';
import type { Audit } from '../../audit/audit.js';
import type { ConsoleGuests } from './console-guests.js';
import type { Editions } from '../edition/editions.js';

export interface ConsoleGuestRouteServices {
  consoleGuests: ConsoleGuests;
  editions: Editions;
  audit: Audit;
}

/** Organisers' console: guest search across units, the unit picker, the filterable audit log. */
export async function consoleGuestRoutes(
  app: FastifyInstance,
  { consoleGuests, editions, audit }: ConsoleGuestRouteServices,
): Promise<void> {
  const tags = ['console'];

  app.get<{ Querystring: SchemaData<'console-guest-query'>; Reply: Answer<'response-console-guest-page'> }>(path(paths.guestSearch), {
    schema: {
      tags,
      summary: 'Guests of every unit: name, unit name (parts), status, invitation code, arrival date; paged (403 for other accounts)',
      security: bearer,
      response: envelope('response-console-guest-page', 'a page of guests'),
      ...queryOf('console-guest-query'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await consoleGuests.search(signedIn(request), request.query));
    },
  });

  app.get<{ Querystring: SchemaData<'console-unit-query'>; Reply: Answer<'response-unit-choices'> }>(path(paths.units), {
    schema: {
      tags,
      summary: 'Units of the current edition to pick from (name part, at most 50)',
      security: bearer,
      response: envelope('response-unit-choices', 'units'),
      ...queryOf('console-unit-query'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await consoleGuests.units(signedIn(request), request.query.name));
    },
  });

  app.get<{ Querystring: SchemaData<'audit-filter-query'>; Reply: Answer<'response-console-audit-page'> }>(path(paths.auditPage), {
    schema: {
      tags,
      summary: 'Audit log with readable targets and before/after values, filtered by action, target type, operator and days',
      security: bearer,
      response: envelope('response-console-audit-page', 'a page of entries'),
      ...queryOf('audit-filter-query'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      assertOrganiser(signedIn(request));
      const edition = await editions.current();
      const read = new ReadableValues((key, params) => request.server.translator.t(request.language, key, params));
      return ok(request, await audit.filteredPage(edition.id, request.query, read));
    },
  });
}
