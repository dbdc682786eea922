import type { FastifyInstance } from 'fastify';
import { consoleApiPaths as paths } from '../../../shared/console-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import type { Answer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { bearer, path, queryOf } from '../../http/route-helpers.js';
import type { UnitList } from './unit-list.js';

export interface ConsoleUnitRouteServices {
  unitList: UnitList;
}

/** Organisers' list of the edition's units with their guest counts. */
export async function consoleUnitRoutes(app: FastifyInstance, { unitList }: ConsoleUnitRouteServices): Promise<void> {
  app.get<{ Querystring: SchemaData<'unit-page-query'>; Reply: Answer<'response-unit-page'> }>(path(paths.unitPage), {
    schema: {
      tags: ['console'],
      summary:
        "Units of the current edition with their guests' counts by status, by name or sorted by a column; name matches a part (403 for other accounts)",
      security: bearer,
      response: envelope('response-unit-page', 'a page of units'),
      ...queryOf('unit-page-query'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await unitList.page(signedIn(request), request.query));
    },
  });
}
