import type { FastifyInstance } from 'fastify';
import { messageApiPaths as paths } from '../../../shared/message-api.js';
import { noStore, ok } from '../../http/envelope-reply.js';
import { envelope } from '../../http/response-schemas.js';
import type { Answer, SchemaData } from '../../http/typed-route.js';
import { signedIn } from '../../auth/authenticate.js';
import { pageOf, paramsOf } from '../../http/route-parts.js';
import { bearer, bodyOf, path, queryOf } from '../../http/route-helpers.js';
import type { Messages } from './messages.js';
import type { MessageQueue } from './message-queue.js';

export interface MessageRouteServices {
  messages: Messages;
  queue: MessageQueue;
}

/** Organisers write messages to people and follow each delivery (403 for every other account). */
export async function messageRoutes(app: FastifyInstance, { messages, queue }: MessageRouteServices): Promise<void> {
  const tags = ['console'];
  const byId = paramsOf('console-id-params');

  app.post<{ Body: SchemaData<'message-compose'>; Reply: Answer<'response-record-id'> }>(path(paths.messages), {
    schema: {
      tags,
      summary:
        'Send a message (e-mail and/or SMS, both languages) to chosen guests, units or a saved guest filter; recipients are listed and sent off the request',
      security: bearer,
      response: envelope('response-record-id', 'the message'),
      ...bodyOf('message-compose'),
    },
    handler: async (request) => ok(request, await messages.compose(signedIn(request), request.body)),
  });

  app.get<{ Querystring: SchemaData<'message-page-query'>; Reply: Answer<'response-message-page'> }>(path(paths.messagePage), {
    schema: {
      tags,
      summary: "Messages sent (organisers' and automatic), newest first or by a column, with their deliveries counted by state",
      security: bearer,
      response: envelope('response-message-page', 'a page of messages'),
      ...queryOf('message-page-query'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      const { pageNum, pageSize } = pageOf(request.query);
      const { sort, order } = request.query;
      return ok(request, await messages.page(signedIn(request), pageNum, pageSize, { sort, order }));
    },
  });

  app.get<{
    Params: SchemaData<'console-id-params'>;
    Querystring: SchemaData<'message-recipient-query'>;
    Reply: Answer<'response-message-recipient-page'>;
  }>(path(paths.recipients(':id')), {
    schema: {
      tags,
      summary: "One message's deliveries: person, channel, masked address, state, attempts; in the order listed, or by a column",
      security: bearer,
      response: envelope('response-message-recipient-page', 'a page of deliveries'),
      ...byId,
      ...queryOf('message-recipient-query'),
    },
    handler: async (request, reply) => {
      noStore(reply);
      const { pageNum, pageSize } = pageOf(request.query);
      const { state, sort, order } = request.query;
      return ok(request, await messages.recipients(signedIn(request), request.params.id, pageNum, pageSize, state, { sort, order }));
    },
  });

  app.post<{ Params: SchemaData<'console-id-params'>; Reply: Answer<'response-message-retry'> }>(path(paths.retry(':id')), {
    schema: {
      tags,
      summary: 'Send the failed and unconfirmed deliveries of a message again (an unconfirmed one may then arrive twice)',
      security: bearer,
      response: envelope('response-message-retry', 'how many were queued again'),
      ...byId,
    },
    handler: async (request) => ok(request, await messages.retry(signedIn(request), request.params.id, (id) => queue.retry(id))),
  });
}
