import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guestApiPaths } from '../../../shared/guest-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope, nothing } from '../../http/response-schemas.js';
import type { Answer, PlainAnswer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { maskedMember } from '../../privacy/masked-answers.js';
import { restoreMaskedFields } from '../../privacy/restore-masks.js';
import { paramsOf } from '../../http/route-parts.js';
import { bearer, bodyOf, path } from '../../http/route-helpers.js';
import type { Entourage } from './entourage.js';
import type { EntourageTravel } from './entourage-travel.js';

export interface EntourageRouteServices {
  entourage: Entourage;
  entourageTravel: EntourageTravel;
}

/** Entourage of an approved guest (cap from the edition, closed with sign-up). */
export async function entourageRoutes(app: FastifyInstance, { entourage, entourageTravel }: EntourageRouteServices): Promise<void> {
  const tags = ['entourage'];
  const list = path(guestApiPaths.entourage(':id'));
  const member = path(guestApiPaths.entourageMember(':id', ':memberId'));

  app.get<{ Params: SchemaData<'guest-id-params'>; Reply: Answer<'response-entourage-list'> }>(list, {
    schema: {
      tags,
      summary: "The guest's entourage (ID numbers masked, also in the document: the edit form asks for the full number again)",
      security: bearer,
      response: envelope('response-entourage-list', 'the entourage'),
      ...paramsOf('guest-id-params'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      // the list is scoped to the caller's unit first; then each member's itinerary and reception are added
      const members = await entourage.list(signedIn(request), request.params.id);
      return ok(request, (await entourageTravel.membersWithTravel(request.params.id, members)).map(maskedMember));
    },
  });

  app.post<{ Params: SchemaData<'guest-id-params'>; Body: SchemaData<'entourage-member'>; Reply: Answer<'response-entourage-item'> }>(
    list,
    {
      schema: {
        tags,
        summary: 'Add an entourage member ("entourage count full" at the cap)',
        security: bearer,
        response: envelope('response-entourage-item', 'the member'),
        ...paramsOf('guest-id-params'),
        ...bodyOf('entourage-member'),
      },
      handler: async (request) => ok(request, maskedMember(await entourage.add(signedIn(request), request.params.id, request.body))),
    },
  );

  app.put<{
    Params: SchemaData<'entourage-member-params'>;
    Body: SchemaData<'entourage-member'>;
    Reply: Answer<'response-entourage-item'>;
  }>(member, {
    schema: {
      tags,
      summary: 'Save an entourage member (an ID number or mobile sent back as its mask keeps the stored value)',
      security: bearer,
      response: envelope('response-entourage-item', 'the member'),
      ...paramsOf('entourage-member-params'),
      ...bodyOf('entourage-member'),
    },
    preValidation: [
      restoreMaskedFields<FastifyRequest<{ Params: SchemaData<'entourage-member-params'> }>>(
        'entourage-member',
        async (request) => (await entourage.stored(signedIn(request), request.params.id, request.params.memberId)).document,
      ),
    ],
    handler: async (request) =>
      ok(request, maskedMember(await entourage.update(signedIn(request), request.params.id, request.params.memberId, request.body))),
  });

  app.delete<{ Params: SchemaData<'entourage-member-params'>; Reply: PlainAnswer<null> }>(member, {
    schema: {
      tags,
      summary: 'Remove an entourage member',
      security: bearer,
      response: envelope(nothing, 'removed'),
      ...paramsOf('entourage-member-params'),
    },
    handler: async (request) => {
      await entourage.remove(signedIn(request), request.params.id, request.params.memberId);
      return ok(request, null);
    },
  });
}
