import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consoleApiPaths as paths } from '../../../shared/console-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope, nothing } from '../../http/response-schemas.js';
import type { Answer, PlainAnswer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { restoreMaskedFields } from '../../privacy/restore-masks.js';
import { paramsOf } from '../../http/route-parts.js';
import { bearer, bodyOf, path, queryOf } from '../../http/route-helpers.js';
import type { Hotels } from './hotels.js';

export interface ConsoleHotelRouteServices {
  hotels: Hotels;
}

/** Hotels and receptionists organisers keep; the reception editor picks from them. */
export async function consoleHotelRoutes(app: FastifyInstance, { hotels }: ConsoleHotelRouteServices): Promise<void> {
  const tags = ['console'];
  const byId = paramsOf('console-id-params');

  app.get<{ Querystring: SchemaData<'hotel-query'>; Reply: Answer<'response-hotel-list'> }>(path(paths.hotels), {
    schema: {
      tags,
      summary: 'Hotels of the current edition, whole, by name (a part); by name or sorted by a column',
      security: bearer,
      response: envelope('response-hotel-list', 'hotels'),
      ...queryOf('hotel-query'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await hotels.hotels(signedIn(request), request.query));
    },
  });
  app.post<{ Body: SchemaData<'hotel'>; Reply: Answer<'response-hotel'> }>(path(paths.hotels), {
    schema: {
      tags,
      summary: 'Add a hotel (409 if the name exists)',
      security: bearer,
      response: envelope('response-hotel', 'the hotel'),
      ...bodyOf('hotel'),
    },
    handler: async (request) => ok(request, await hotels.saveHotel(signedIn(request), null, request.body)),
  });
  app.put<{ Params: SchemaData<'console-id-params'>; Body: SchemaData<'hotel'>; Reply: Answer<'response-hotel'> }>(
    path(paths.hotel(':id')),
    {
      schema: {
        tags,
        summary: 'Change a hotel',
        security: bearer,
        response: envelope('response-hotel', 'the hotel'),
        ...byId,
        ...bodyOf('hotel'),
      },
      handler: async (request) => ok(request, await hotels.saveHotel(signedIn(request), request.params.id, request.body)),
    },
  );
  app.delete<{ Params: SchemaData<'console-id-params'>; Reply: PlainAnswer<null> }>(path(paths.hotel(':id')), {
    schema: {
      tags,
      summary: 'Delete a hotel (409 while receptionists work there)',
      security: bearer,
      response: envelope(nothing, 'deleted'),
      ...byId,
    },
    handler: async (request) => {
      await hotels.deleteHotel(signedIn(request), request.params.id);
      return ok(request, null);
    },
  });

  app.get<{ Reply: Answer<'response-receptionist-list'> }>(path(paths.receptionists), {
    schema: {
      tags,
      summary: 'Receptionists of the current edition, by name, with their hotel (mobiles masked; the full one through .../reveal)',
      security: bearer,
      response: envelope('response-receptionist-list', 'receptionists'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await hotels.receptionists(signedIn(request)));
    },
  });
  app.post<{ Body: SchemaData<'receptionist'>; Reply: Answer<'response-receptionist'> }>(path(paths.receptionists), {
    schema: {
      tags,
      summary: 'Add a receptionist (409 if the mobile exists)',
      security: bearer,
      response: envelope('response-receptionist', 'the receptionist'),
      ...bodyOf('receptionist'),
    },
    handler: async (request) => ok(request, await hotels.saveReceptionist(signedIn(request), null, request.body)),
  });
  app.put<{ Params: SchemaData<'console-id-params'>; Body: SchemaData<'receptionist'>; Reply: Answer<'response-receptionist'> }>(
    path(paths.receptionist(':id')),
    {
      schema: {
        tags,
        summary: 'Change a receptionist (the mobile sent back as its mask keeps the stored one)',
        security: bearer,
        response: envelope('response-receptionist', 'the receptionist'),
        ...byId,
        ...bodyOf('receptionist'),
      },
      // the list answers the mobile masked: an edit sending that mask back keeps the stored mobile
      preValidation: [
        restoreMaskedFields<FastifyRequest<{ Params: SchemaData<'console-id-params'> }>>('receptionist', (request) =>
          hotels.storedReceptionist(signedIn(request), request.params.id),
        ),
      ],
      handler: async (request) => ok(request, await hotels.saveReceptionist(signedIn(request), request.params.id, request.body)),
    },
  );
  app.delete<{ Params: SchemaData<'console-id-params'>; Reply: PlainAnswer<null> }>(path(paths.receptionist(':id')), {
    schema: {
      tags,
      summary: 'Delete a receptionist (receptions already assigned keep the name and phone)',
      security: bearer,
      response: envelope(nothing, 'deleted'),
      ...byId,
    },
    handler: async (request) => {
      await hotels.deleteReceptionist(signedIn(request), request.params.id);
      return ok(request, null);
    },
  });
}
