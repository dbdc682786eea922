import type { FastifyInstance } from 'fastify';
import { guestApiPaths } from '../../../shared/guest-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import type { Answer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { restoreMaskedFields } from '../../privacy/restore-masks.js';
import { maskedDocument } from '../../privacy/masked-answers.js';
import { bearer, bodyOf, path } from '../../http/route-helpers.js';
import type { Units } from './units.js';

/** The unit as answered: its contact mobile masked (the audited "show", qms/unit/reveal, opens it). */
function maskedUnit<T extends { document: Record<string, unknown> }>(unit: T): T {
  return { ...unit, document: maskedDocument('unit', unit.document) };
}

export interface UnitRouteServices {
  units: Units;
}

/** Unit information and the company view (unit accounts only). */
export async function unitRoutes(app: FastifyInstance, { units }: UnitRouteServices): Promise<void> {
  const tags = ['unit'];

  app.get<{ Reply: Answer<'response-unit-info'> }>(path(guestApiPaths.myUnit), {
    schema: {
      tags,
      summary: "The caller's unit information (403 for accounts without an affiliated unit)",
      security: bearer,
      response: envelope('response-unit-info', 'the unit'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, maskedUnit(await units.mine(signedIn(request))));
    },
  });

  app.put<{ Body: SchemaData<'unit'>; Reply: Answer<'response-unit-info'> }>(path(guestApiPaths.myUnit), {
    schema: {
      tags,
      summary:
        "Save the caller's unit information (the unit type must be the account's); a contact mobile sent back as its mask (record upgrade) keeps the stored value",
      security: bearer,
      response: envelope('response-unit-info', 'the saved unit'),
      ...bodyOf('unit'),
    },
    preValidation: [restoreMaskedFields('unit', async (request) => (await units.mine(signedIn(request))).document)],
    handler: async (request) => ok(request, maskedUnit(await units.save(signedIn(request), request.body))),
  });

  app.get<{ Reply: Answer<'response-unit-overview'> }>(path(guestApiPaths.unitOverview), {
    schema: {
      tags,
      summary: 'Company view: guests by status and attendance, entourage total',
      security: bearer,
      response: envelope('response-unit-overview', 'the overview'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await units.overview(signedIn(request)));
    },
  });
}
