import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guestApiPaths } from '../../../shared/guest-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import type { Answer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { maskedGuestDetail, maskedMember } from '../../privacy/masked-answers.js';
import { restoreReceptionMaskedPhones } from '../reception/restore-reception-masks.js';
import { paramsOf } from '../../http/route-parts.js';
import { bearer, bodyOf, path } from '../../http/route-helpers.js';
import type { EntourageTravel } from './entourage-travel.js';
import type { Hotels } from '../reception/hotels.js';

export interface EntourageTravelRouteServices {
  entourageTravel: EntourageTravel;
  hotels: Hotels;
}

/**
 * Itinerary (unit side) and reception (organisers) of entourage members, and the organisers'
 * read of a guest, from which the reception editors start.
 */
export async function entourageTravelRoutes(
  app: FastifyInstance,
  { entourageTravel, hotels }: EntourageTravelRouteServices,
): Promise<void> {
  const byMember = paramsOf('entourage-member-params');

  app.get<{ Params: SchemaData<'guest-id-params'>; Reply: Answer<'response-guest-detail'> }>(path(guestApiPaths.adminGuest(':id')), {
    schema: {
      tags: ['admin'],
      summary:
        'Organisers: any guest of the current edition with its steps, reception and entourage, ID numbers and mobiles masked (403 for other accounts)',
      security: bearer,
      response: envelope('response-guest-detail', 'the guest'),
      ...paramsOf('guest-id-params'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, maskedGuestDetail(await entourageTravel.adminDetail(signedIn(request), request.params.id)));
    },
  });

  app.put<{ Params: SchemaData<'entourage-member-params'>; Body: SchemaData<'itinerary'>; Reply: Answer<'response-entourage-item'> }>(
    path(guestApiPaths.entourageItinerary(':id', ':memberId')),
    {
      schema: {
        tags: ['entourage'],
        summary: "Save an entourage member's itinerary (same gate and deadline as the guest's itinerary)",
        security: bearer,
        response: envelope('response-entourage-item', 'the member'),
        ...byMember,
        ...bodyOf('itinerary'),
      },
      handler: async (request) =>
        ok(request, await entourageTravel.saveItinerary(signedIn(request), request.params.id, request.params.memberId, request.body)),
    },
  );

  app.put<{ Params: SchemaData<'entourage-member-params'>; Body: SchemaData<'reception'>; Reply: Answer<'response-entourage-item'> }>(
    path(guestApiPaths.entourageReception(':id', ':memberId')),
    {
      schema: {
        tags: ['admin'],
        summary:
          'Organisers: set the reception of an entourage member (read-only for the unit; a receptionist phone sent back as its mask keeps the number)',
        security: bearer,
        response: envelope('response-entourage-item', 'the member'),
        ...byMember,
        ...bodyOf('reception'),
      },
      preValidation: [
        restoreReceptionMaskedPhones<FastifyRequest<{ Params: SchemaData<'entourage-member-params'> }>>(async (request) => {
          const detail = await entourageTravel.adminDetail(signedIn(request), request.params.id);
          return {
            stored: detail.entourage.find((member) => member.id === request.params.memberId)?.reception ?? null,
            staff: await hotels.storedReceptionists(signedIn(request)),
          };
        }),
      ],
      handler: async (request) =>
        ok(
          request,
          maskedMember(await entourageTravel.setReception(signedIn(request), request.params.id, request.params.memberId, request.body)),
        ),
    },
  );
}
