import type { FastifyInstance } from 'fastify';
import type { AuditStatus } from '../../shared/guest-api.js';
import { guestApiPaths } from '../../shared/guest-api.js';
import { noStore, ok } from '../http/envelope-reply.js';
import { auditPage, decidedList, guestSummary, reviewPage } from '../http/guest-response-schemas.js';
import { envelope } from '../http/response-schemas.js';
import { authenticate, signedIn } from '../plugins/authenticate.js';
import type { ReviewDecision } from '../services/review.js';
import { pageOf, paramsOf, type IdParams, type PageQuery } from './guest-route-parts.js';
import { bearer, bodyOf, path, queryOf } from './route-helpers.js';

/** Organisers' console (403 for other accounts): review queue, decisions, reception, audit log. */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const { review } = app.services;
  const tags = ['admin'];

  app.get<{ Querystring: PageQuery & { status?: AuditStatus } }>(path(guestApiPaths.reviewPage), {
    schema: { tags, summary: 'Review queue across units (status defaults to pending)', security: bearer, response: envelope(reviewPage, 'a page of guests'), ...queryOf('review-page-query') },
    preValidation: authenticate,
    handler: async (request, reply) => {
      noStore(reply);
      const { pageNum, pageSize } = pageOf(request.query);
      return ok(request, await review.page(signedIn(request), request.query.status ?? 'pending', pageNum, pageSize));
    },
  });

  app.post<{ Body: ReviewDecision }>(path(guestApiPaths.reviewDecide), {
    schema: { tags, summary: "Approve, or reject with a reason, one or many guests at once (all or nothing); each guest's unit gets a notice", security: bearer, response: envelope(decidedList, 'the decided guests'), ...bodyOf('review-decision') },
    preValidation: authenticate,
    handler: async (request) => ok(request, await review.decide(signedIn(request), request.body)),
  });

  app.put<{ Params: IdParams; Body: Record<string, unknown> }>(path(guestApiPaths.guestReception(':id')), {
    schema: { tags, summary: 'Set the reception of a guest (read-only for the unit)', security: bearer, response: envelope(guestSummary, 'the guest'), ...paramsOf('guest-id-params'), ...bodyOf('reception') },
    preValidation: authenticate,
    handler: async (request) => ok(request, await review.setReception(signedIn(request), request.params.id, request.body)),
  });

  app.get<{ Querystring: PageQuery }>(path(guestApiPaths.auditPage), {
    schema: { tags, summary: 'Audit log of the current edition, newest first (who, when, what, why)', security: bearer, response: envelope(auditPage, 'a page of entries'), ...queryOf('audit-page-query') },
    preValidation: authenticate,
    handler: async (request, reply) => {
      noStore(reply);
      const { pageNum, pageSize } = pageOf(request.query);
      return ok(request, await review.auditPage(signedIn(request), pageNum, pageSize));
    },
  });
}
