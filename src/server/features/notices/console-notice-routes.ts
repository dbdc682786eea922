import type { FastifyInstance } from 'fastify';
import { consoleApiPaths as paths } from '../../../shared/console-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope, nothing } from '../../http/response-schemas.js';
import type { Answer, PlainAnswer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { paramsOf } from '../../http/route-parts.js';
import { bearer, bodyOf, path, queryOf } from '../../http/route-helpers.js';
import type { NoticesAdmin } from './notices-admin.js';

export interface ConsoleNoticeRouteServices {
  noticesAdmin: NoticesAdmin;
}

/** Organisers write notices (drafts) and publish them to everyone or to chosen account types/units. */
export async function consoleNoticeRoutes(app: FastifyInstance, { noticesAdmin: notices }: ConsoleNoticeRouteServices): Promise<void> {
  const tags = ['console'];
  const byId = paramsOf('console-id-params');

  app.get<{ Querystring: SchemaData<'notice-publication-query'>; Reply: Answer<'response-notice-publication-page'> }>(
    path(paths.noticePage),
    {
      schema: {
        tags,
        summary: 'Notices organisers wrote, newest first or by a column, by title (a part), with how many accounts read them',
        security: bearer,
        response: envelope('response-notice-publication-page', 'a page of notices'),
        ...queryOf('notice-publication-query'),
      },
      handler: async (request, reply) => {
        noStore(reply);
        return ok(request, await notices.page(signedIn(request), request.query));
      },
    },
  );

  app.post<{ Body: SchemaData<'notice-publication'>; Reply: Answer<'response-notice-publication'> }>(path(paths.notices), {
    schema: {
      tags,
      summary: 'Write a notice (a draft until published); unknown unit ids answer 404',
      security: bearer,
      response: envelope('response-notice-publication', 'the draft'),
      ...bodyOf('notice-publication'),
    },
    handler: async (request) => ok(request, await notices.create(signedIn(request), request.body)),
  });

  app.put<{
    Params: SchemaData<'console-id-params'>;
    Body: SchemaData<'notice-publication'>;
    Reply: Answer<'response-notice-publication'>;
  }>(path(paths.notice(':id')), {
    schema: {
      tags,
      summary: 'Change a draft (409 once published)',
      security: bearer,
      response: envelope('response-notice-publication', 'the draft'),
      ...byId,
      ...bodyOf('notice-publication'),
    },
    handler: async (request) => ok(request, await notices.update(signedIn(request), request.params.id, request.body)),
  });

  app.delete<{ Params: SchemaData<'console-id-params'>; Reply: PlainAnswer<null> }>(path(paths.notice(':id')), {
    schema: { tags, summary: 'Delete a draft (409 once published)', security: bearer, response: envelope(nothing, 'deleted'), ...byId },
    handler: async (request) => {
      await notices.remove(signedIn(request), request.params.id);
      return ok(request, null);
    },
  });

  app.post<{ Params: SchemaData<'console-id-params'>; Reply: Answer<'response-notice-publication'> }>(path(paths.noticePublish(':id')), {
    schema: {
      tags,
      summary: "Publish a draft: it reaches its accounts' notice lists and unread counts at once",
      security: bearer,
      response: envelope('response-notice-publication', 'the published notice'),
      ...byId,
    },
    handler: async (request) => ok(request, await notices.publish(signedIn(request), request.params.id)),
  });
}
