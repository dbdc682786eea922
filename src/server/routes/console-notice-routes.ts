import type { FastifyInstance } from 'fastify';
import { consoleApiPaths as paths } from '../../shared/console-api.js';
import type { NoticePublication } from '../../generated/types.js';
import { noStore, ok } from '../http/envelope-reply.js';
import { noticePublication, noticePublicationPage } from '../http/console-response-schemas.js';
import { envelope, nothing } from '../http/response-schemas.js';
import { authenticate, signedIn } from '../plugins/authenticate.js';
import { pageOf, paramsOf, type IdParams, type PageQuery } from './guest-route-parts.js';
import { bearer, bodyOf, path, queryOf } from './route-helpers.js';

/** Organisers write notices (drafts) and publish them to everyone or to chosen account types/units. */
export async function consoleNoticeRoutes(app: FastifyInstance): Promise<void> {
  const { notices } = app.services.console;
  const tags = ['console'];
  const byId = paramsOf('console-id-params');

  app.get<{ Querystring: PageQuery }>(path(paths.noticePage), {
    schema: { tags, summary: 'Notices organisers wrote, newest first, with how many accounts read them', security: bearer, response: envelope(noticePublicationPage, 'a page of notices'), ...queryOf('notice-page-query') },
    preValidation: authenticate,
    handler: async (request, reply) => {
      noStore(reply);
      const { pageNum, pageSize } = pageOf(request.query);
      return ok(request, await notices.page(signedIn(request), pageNum, pageSize));
    },
  });

  app.post<{ Body: NoticePublication }>(path(paths.notices), {
    schema: { tags, summary: 'Write a notice (a draft until published); unknown unit ids answer 404', security: bearer, response: envelope(noticePublication, 'the draft'), ...bodyOf('notice-publication') },
    preValidation: authenticate,
    handler: async (request) => ok(request, await notices.create(signedIn(request), request.body)),
  });

  app.put<{ Params: IdParams; Body: NoticePublication }>(path(paths.notice(':id')), {
    schema: { tags, summary: 'Change a draft (409 once published)', security: bearer, response: envelope(noticePublication, 'the draft'), ...byId, ...bodyOf('notice-publication') },
    preValidation: authenticate,
    handler: async (request) => ok(request, await notices.update(signedIn(request), request.params.id, request.body)),
  });

  app.delete<{ Params: IdParams }>(path(paths.notice(':id')), {
    schema: { tags, summary: 'Delete a draft (409 once published)', security: bearer, response: envelope(nothing, 'deleted'), ...byId },
    preValidation: authenticate,
    handler: async (request) => {
      await notices.remove(signedIn(request), request.params.id);
      return ok(request, null);
    },
  });

  app.post<{ Params: IdParams }>(path(paths.noticePublish(':id')), {
    schema: { tags, summary: "Publish a draft: it reaches its accounts' notice lists and unread counts at once", security: bearer, response: envelope(noticePublication, 'the published notice'), ...byId },
    preValidation: authenticate,
    handler: async (request) => ok(request, await notices.publish(signedIn(request), request.params.id)),
  });
}
