import type { FastifyInstance } from 'fastify';
import { doorApiPaths as paths } from '../../../shared/door-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope, nothing } from '../../http/response-schemas.js';
import type { Answer, PlainAnswer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { assertOrganiser, unitOf } from '../../auth/unit-access.js';
import { AppError } from '../../http/app-error.js';
import { paramsOf } from '../../http/route-parts.js';
import { bearer, bodyOf, path, queryOf } from '../../http/route-helpers.js';
import { attachmentDisposition } from '../../uploads/download-disposition.js';
import type { Badges } from './badges.js';
import type { CheckIns } from './check-ins.js';
import type { BadgeTokens } from './badge-tokens.js';

const pdf = { 200: { description: 'a PDF, a badge per page', type: 'string', format: 'binary' } };

/** Who may scan at the door: organisers, staff and volunteers (config/menus.json gives them the check-in screen). */
const SCANNERS = new Set(['organiser', 'staff', 'volunteer']);

export interface DoorRouteServices {
  badges: Badges;
  checkIns: CheckIns;
  tokens: BadgeTokens;
}

export async function doorRoutes(app: FastifyInstance, { badges, checkIns, tokens }: DoorRouteServices): Promise<void> {
  const tags = ['door'];
  const sendPdf = (reply: import('fastify').FastifyReply, file: Buffer, name: string) =>
    reply.header('cache-control', 'no-store').header('content-disposition', attachmentDisposition(name)).type('application/pdf').send(file);

  app.get<{ Querystring: SchemaData<'badge-batch-query'> }>(path(paths.unitBadges), {
    schema: {
      tags,
      summary:
        "One PDF of the unit's badges (approved guests coming and their entourage), at most BADGE_BATCH_CAP people each: pageNum picks which (default the first; 404 past the last); x-badge-page, x-badge-pages and x-badge-cap say which of how many",
      security: bearer,
      ...queryOf('badge-batch-query'),
      response: pdf,
    },
    // unit accounts only, before the query is validated: anyone else gets 403, never a 400
    preValidation: async (request) => {
      unitOf(signedIn(request));
    },
    handler: async (request, reply) => {
      const pageNum = Number(request.query.pageNum ?? 1);
      const batch = await badges.batch(signedIn(request), pageNum);
      if (!batch) throw new AppError('notFound');
      reply.header('x-badge-page', String(pageNum)).header('x-badge-pages', String(batch.pages)).header('x-badge-cap', String(batch.cap));
      return sendPdf(reply, batch.file, batch.pages > 1 ? `badges-${pageNum}.pdf` : 'badges.pdf');
    },
  });

  app.get<{ Params: SchemaData<'guest-id-params'> }>(path(paths.guestBadges(':id')), {
    schema: {
      tags,
      summary: "One guest's badges (with the entourage) as a PDF; 404 unless approved and of the unit",
      security: bearer,
      ...paramsOf('guest-id-params'),
      response: pdf,
    },
    handler: async (request, reply) => {
      const file = await badges.pdf(signedIn(request), request.params.id);
      if (!file) throw new AppError('guestNotFound');
      return sendPdf(reply, file, 'badge.pdf');
    },
  });

  app.get<{ Querystring: SchemaData<'door-temporary-badges-query'> }>(path(paths.temporaryBadges), {
    schema: {
      tags,
      summary:
        'One PDF of the badges of approved temporary registrations, in the order of ids (organisers); a pending or rejected one refuses the whole print, each print is audited',
      security: bearer,
      ...queryOf('door-temporary-badges-query'),
      response: pdf,
    },
    // organisers only, before the query is validated: anyone else gets 403, never a 400
    preValidation: async (request) => {
      assertOrganiser(signedIn(request));
    },
    handler: async (request, reply) => {
      const file = await badges.temporaryPdf(signedIn(request), request.query.ids.split(','));
      return sendPdf(reply, file, 'temporary-badges.pdf');
    },
  });

  app.post<{ Body: SchemaData<'door-scan'>; Reply: Answer<'response-door-scan'> }>(path(paths.scan), {
    schema: {
      tags,
      summary: 'Checks in the person of a badge, once: a second scan answers when and where the first was (organisers and staff)',
      security: bearer,
      ...bodyOf('door-scan'),
      response: envelope('response-door-scan', 'the person and the check-in'),
    },
    handler: async (request, reply) => {
      const who = signedIn(request);
      if (!SCANNERS.has(who.userType)) throw new AppError('forbidden');
      noStore(reply);
      return ok(request, await checkIns.scan(request.body, who));
    },
  });

  app.get<{ Reply: Answer<'response-door-arrivals'> }>(path(paths.arrivals), {
    schema: {
      tags,
      summary: 'Live badges, arrivals and arrivals per hour (organisers)',
      security: bearer,
      response: envelope('response-door-arrivals', 'the figures'),
    },
    handler: async (request, reply) => {
      assertOrganiser(signedIn(request));
      noStore(reply);
      return ok(request, await checkIns.arrivals());
    },
  });

  app.get<{ Querystring: SchemaData<'door-absent-query'>; Reply: Answer<'response-door-absent-page'> }>(path(paths.absent), {
    schema: {
      tags,
      summary:
        'People with a live badge who have not checked in, by unit and name or sorted by either, filtered by a part of the name, paged (organisers)',
      security: bearer,
      ...queryOf('door-absent-query'),
      response: envelope('response-door-absent-page', 'a page of people'),
    },
    handler: async (request, reply) => {
      assertOrganiser(signedIn(request));
      noStore(reply);
      return ok(request, await checkIns.absent(request.query));
    },
  });

  app.post<{ Body: SchemaData<'door-badge-revoke'>; Reply: PlainAnswer<null> }>(path(paths.revoke), {
    schema: {
      tags,
      summary: 'Revokes a badge by its code: refused at the door from now on; the next print makes a new one (organisers)',
      security: bearer,
      ...bodyOf('door-badge-revoke'),
      response: envelope(nothing, 'revoked'),
    },
    handler: async (request) => {
      assertOrganiser(signedIn(request));
      const badgeId = tokens.badgeOf(request.body.token);
      if (!badgeId || !(await badges.revoke(signedIn(request), badgeId))) throw new AppError('badgeNotValid');
      return ok(request, null);
    },
  });
}
