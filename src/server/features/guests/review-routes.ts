import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guestApiPaths } from '../../../shared/guest-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import type { Answer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { restoreReceptionMaskedPhones } from '../reception/restore-reception-masks.js';
import { pageOf, paramsOf } from '../../http/route-parts.js';
import { bearer, bodyOf, path, queryOf } from '../../http/route-helpers.js';
import type { Review } from './review.js';
import type { EntourageTravel } from './entourage-travel.js';
import type { Hotels } from '../reception/hotels.js';

export interface ReviewRouteServices {
  review: Review;
  entourageTravel: EntourageTravel;
  hotels: Hotels;
}

/** Organisers' console (403 for other accounts): review queue, decisions, reception, audit log. */
export async function reviewRoutes(app: FastifyInstance, { review, entourageTravel, hotels }: ReviewRouteServices): Promise<void> {
  const tags = ['admin'];

  app.get<{ Querystring: SchemaData<'review-page-query'>; Reply: Answer<'response-review-page'> }>(path(guestApiPaths.reviewPage), {
    schema: {
      tags,
      summary:
        'Review queue across units (status defaults to pending), by name, unit name (parts) and the day last saved; sorted by a column',
      security: bearer,
      response: envelope('response-review-page', 'a page of guests'),
      ...queryOf('review-page-query'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await review.page(signedIn(request), request.query));
    },
  });

  app.post<{ Body: SchemaData<'review-decision'>; Reply: Answer<'response-decided-list'> }>(path(guestApiPaths.reviewDecide), {
    schema: {
      tags,
      summary: "Approve, or reject with a reason, one or many guests at once (all or nothing); each guest's unit gets a notice",
      security: bearer,
      response: envelope('response-decided-list', 'the decided guests'),
      ...bodyOf('review-decision'),
    },
    handler: async (request) => ok(request, await review.decide(signedIn(request), request.body)),
  });

  app.put<{ Params: SchemaData<'guest-id-params'>; Body: SchemaData<'reception'>; Reply: Answer<'response-guest-summary'> }>(
    path(guestApiPaths.guestReception(':id')),
    {
      schema: {
        tags,
        summary: 'Set the reception of a guest (read-only for the unit; a receptionist phone sent back as its mask keeps the number)',
        security: bearer,
        response: envelope('response-guest-summary', 'the guest'),
        ...paramsOf('guest-id-params'),
        ...bodyOf('reception'),
      },
      // the editor is filled from the masked answer and picks from the masked receptionists list
      preValidation: [
        restoreReceptionMaskedPhones<FastifyRequest<{ Params: SchemaData<'guest-id-params'> }>>(async (request) => ({
          stored: (await entourageTravel.adminDetail(signedIn(request), request.params.id)).reception ?? null,
          staff: await hotels.storedReceptionists(signedIn(request)),
        })),
      ],
      handler: async (request) => ok(request, await review.setReception(signedIn(request), request.params.id, request.body)),
    },
  );

  app.get<{ Querystring: SchemaData<'audit-page-query'>; Reply: Answer<'response-audit-page'> }>(path(guestApiPaths.auditPage), {
    schema: {
      tags,
      summary: 'Audit log of the current edition, newest first (who, when, what, why)',
      security: bearer,
      response: envelope('response-audit-page', 'a page of entries'),
      ...queryOf('audit-page-query'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      const { pageNum, pageSize } = pageOf(request.query);
      return ok(request, await review.auditPage(signedIn(request), pageNum, pageSize));
    },
  });
}
