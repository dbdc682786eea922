import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../../shared/api-paths.js';
import { ok, noStore } from '../../http/envelope-reply.js';
import { envelope, nothing } from '../../http/response-schemas.js';
import type { Answer, PlainAnswer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { bearer, path, queryOf } from '../../http/route-helpers.js';
import type { Notices } from './notices.js';

const DEFAULT_PAGE_SIZE = 10;

export interface NoticeRouteServices {
  notices: Notices;
}

/** Notices of the caller: page, mark read, unread count. */
export async function noticeRoutes(app: FastifyInstance, { notices }: NoticeRouteServices): Promise<void> {
  const tags = ['notices'];

  app.get<{ Querystring: SchemaData<'notice-page-query'>; Reply: Answer<'response-notice-page'> }>(path(apiPaths.myNoticePage), {
    schema: {
      tags,
      summary: 'A page of notices, newest first unless sorted by a column (pageNum from 1, pageSize 1-100)',
      security: bearer,
      response: envelope('response-notice-page', 'a page of notices'),
      ...queryOf('notice-page-query'),
    },
    handler: async (request, reply) => {
      const pageNum = Number(request.query.pageNum ?? 1);
      const pageSize = Number(request.query.pageSize ?? DEFAULT_PAGE_SIZE);
      noStore(reply);
      return ok(request, await notices.page(signedIn(request), request.language, pageNum, pageSize, request.query));
    },
  });

  app.post<{ Querystring: SchemaData<'notice-read-query'>; Reply: PlainAnswer<null> }>(path(apiPaths.readNotice), {
    schema: {
      tags,
      summary: 'Mark a notice read (id in the query string)',
      security: bearer,
      response: envelope(nothing, 'marked read'),
      ...queryOf('notice-read-query'),
    },
    handler: async (request) => {
      await notices.markRead(signedIn(request), request.query.id);
      return ok(request, null);
    },
  });

  app.get<{ Reply: PlainAnswer<number> }>(path(apiPaths.unreadNoticeCount), {
    schema: {
      tags,
      summary: 'Number of unread notices (data: number)',
      security: bearer,
      response: envelope({ type: 'integer' }, 'unread count'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      return ok(request, await notices.unreadCount(signedIn(request)));
    },
  });
}
