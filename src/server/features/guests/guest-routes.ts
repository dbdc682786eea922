import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guestApiPaths } from '../../../shared/guest-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope, nothing } from '../../http/response-schemas.js';
import type { Answer, PlainAnswer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { maskedGuestDetail } from '../../privacy/masked-answers.js';
import { restoreMaskedFields } from '../../privacy/restore-masks.js';
import { pageOf, paramsOf } from '../../http/route-parts.js';
import { bearer, bodyOf, path, queryOf } from '../../http/route-helpers.js';
import type { Guests } from './guests.js';
import type { GuestSteps } from './guest-steps.js';
import type { EntourageTravel } from './entourage-travel.js';

const byId = paramsOf('guest-id-params');

export interface GuestRouteServices {
  guests: Guests;
  guestSteps: GuestSteps;
  entourageTravel: EntourageTravel;
}

/** A unit's guests: list, add, detail, basic information, steps, attendance, photo change. */
export async function guestRoutes(app: FastifyInstance, { guests, guestSteps, entourageTravel }: GuestRouteServices): Promise<void> {
  const tags = ['guests'];
  const guest = path(guestApiPaths.guest(':id'));

  app.get<{ Querystring: SchemaData<'guest-page-query'>; Reply: Answer<'response-guest-page'> }>(path(guestApiPaths.guestPage), {
    schema: {
      tags,
      summary: "A page of the caller's unit's guests (ID numbers masked), newest first or sorted by a column",
      security: bearer,
      response: envelope('response-guest-page', 'a page of guests'),
      ...queryOf('guest-page-query'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      const { status, name, sort, order } = request.query;
      return ok(request, await guests.page(signedIn(request), { ...pageOf(request.query), status, name, sort, order }));
    },
  });

  app.post<{ Body: SchemaData<'guest'>; Reply: Answer<'response-guest-summary'> }>(path(guestApiPaths.guests), {
    schema: {
      tags,
      summary: 'Add a guest: with a valid invitation code (its rule decides review), or without one (pending review)',
      security: bearer,
      response: envelope('response-guest-summary', 'the added guest'),
      ...bodyOf('guest'),
    },
    handler: async (request) => ok(request, await guests.add(signedIn(request), request.body)),
  });

  app.get<{ Params: SchemaData<'guest-id-params'>; Reply: Answer<'response-guest-detail'> }>(guest, {
    schema: {
      tags,
      summary: "A guest of the caller's unit with its steps and gates, ID numbers and mobiles masked (404 for any other id)",
      security: bearer,
      response: envelope('response-guest-detail', 'the guest'),
      ...byId,
    },
    handler: async (request, reply) => {
      noStore(reply);
      // each member's itinerary and reception are added by the entourage-travel service
      return ok(request, maskedGuestDetail(await entourageTravel.withTravel(await guests.detail(signedIn(request), request.params.id))));
    },
  });

  app.put<{ Params: SchemaData<'guest-id-params'>; Body: SchemaData<'guest'>; Reply: Answer<'response-guest-summary'> }>(guest, {
    schema: {
      tags,
      summary:
        'Save the basic information (pending or rejected guests; a rejected guest goes back to review); an ID number or mobile sent back as its mask keeps the stored value',
      security: bearer,
      response: envelope('response-guest-summary', 'the saved guest'),
      ...byId,
      ...bodyOf('guest'),
    },
    preValidation: [
      restoreMaskedFields<FastifyRequest<{ Params: SchemaData<'guest-id-params'> }>>(
        'guest',
        async (request) => (await guests.detail(signedIn(request), request.params.id)).document,
      ),
    ],
    handler: async (request) => ok(request, await guests.saveBasic(signedIn(request), request.params.id, request.body)),
  });

  app.delete<{ Params: SchemaData<'guest-id-params'>; Reply: PlainAnswer<null> }>(guest, {
    schema: {
      tags,
      summary: 'Deregister the guest (with the entourage)',
      security: bearer,
      response: envelope(nothing, 'deregistered'),
      ...byId,
    },
    handler: async (request) => {
      await guestSteps.deregister(signedIn(request), request.params.id);
      return ok(request, null);
    },
  });

  app.put<{ Params: SchemaData<'guest-id-params'>; Body: SchemaData<'attendance-intention'>; Reply: Answer<'response-guest-summary'> }>(
    path(guestApiPaths.guestIntention(':id')),
    {
      schema: {
        tags,
        summary: 'Save the attendance intention',
        security: bearer,
        response: envelope('response-guest-summary', 'the saved guest'),
        ...byId,
        ...bodyOf('attendance-intention'),
      },
      handler: async (request) => ok(request, await guestSteps.saveIntention(signedIn(request), request.params.id, request.body)),
    },
  );

  app.put<{ Params: SchemaData<'guest-id-params'>; Body: SchemaData<'itinerary'>; Reply: Answer<'response-guest-summary'> }>(
    path(guestApiPaths.guestItinerary(':id')),
    {
      schema: {
        tags,
        summary: 'Save the itinerary (also after sign-up closes, until the itinerary deadline)',
        security: bearer,
        response: envelope('response-guest-summary', 'the saved guest'),
        ...byId,
        ...bodyOf('itinerary'),
      },
      handler: async (request) => ok(request, await guestSteps.saveItinerary(signedIn(request), request.params.id, request.body)),
    },
  );

  app.put<{ Params: SchemaData<'guest-id-params'>; Body: SchemaData<'epidemic-prevention'>; Reply: Answer<'response-guest-summary'> }>(
    path(guestApiPaths.guestEpidemic(':id')),
    {
      schema: {
        tags,
        summary: 'Save the epidemic-prevention information (approved guests only)',
        security: bearer,
        response: envelope('response-guest-summary', 'the saved guest'),
        ...byId,
        ...bodyOf('epidemic-prevention'),
      },
      handler: async (request) => ok(request, await guestSteps.saveEpidemic(signedIn(request), request.params.id, request.body)),
    },
  );

  app.put<{ Params: SchemaData<'guest-id-params'>; Body: SchemaData<'attendance-confirmation'>; Reply: Answer<'response-guest-summary'> }>(
    path(guestApiPaths.guestAttendance(':id')),
    {
      schema: {
        tags,
        summary: 'Confirm attendance: attend or do not attend',
        security: bearer,
        response: envelope('response-guest-summary', 'the saved guest'),
        ...byId,
        ...bodyOf('attendance-confirmation'),
      },
      handler: async (request) =>
        ok(
          request,
          await guestSteps.setAttendance(signedIn(request), request.params.id, request.body.attend ? 'attending' : 'not-attending'),
        ),
    },
  );

  app.post<{ Params: SchemaData<'guest-id-params'>; Reply: Answer<'response-guest-summary'> }>(path(guestApiPaths.guestCancel(':id')), {
    schema: {
      tags,
      summary: 'Cancel attendance (the client confirms first)',
      security: bearer,
      response: envelope('response-guest-summary', 'the saved guest'),
      ...byId,
    },
    handler: async (request) => ok(request, await guestSteps.setAttendance(signedIn(request), request.params.id, 'cancelled')),
  });

  app.put<{ Params: SchemaData<'guest-id-params'>; Body: SchemaData<'photo-change'>; Reply: Answer<'response-guest-summary'> }>(
    path(guestApiPaths.guestPhoto(':id')),
    {
      schema: {
        tags,
        summary: 'New photo of an approved guest with a reason: back to review (audited)',
        security: bearer,
        response: envelope('response-guest-summary', 'the saved guest'),
        ...byId,
        ...bodyOf('photo-change'),
      },
      handler: async (request) =>
        ok(request, await guestSteps.changePhoto(signedIn(request), request.params.id, request.body.photo, request.body.reason)),
    },
  );
}
