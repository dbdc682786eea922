import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../shared/api-paths.js';
import { ok, noStore } from '../http/envelope-reply.js';
import { envelope, outboxMessages } from '../http/response-schemas.js';
import { path, queryOf } from './route-helpers.js';

/**
 * Development only (absent in production): the messages "sent", newest first, codes in clear,
 * including every image-code answer (channel 'captcha', to = its uuid).
 */
export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { to?: string } }>(path(apiPaths.devOutbox), {
    schema: { tags: ['development'], summary: 'Dev outbox: ?to=<mobile, e-mail or captcha uuid>', response: envelope(outboxMessages, 'messages, newest first'), ...queryOf('outbox-query') },
    handler: async (request, reply) => {
      const to = request.query.to?.trim() ?? '';
      noStore(reply);
      return ok(request, await app.services.outbox.list(to || null));
    },
  });
}
