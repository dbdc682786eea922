import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../shared/api-paths.js';
import { ok, noStore } from '../http/envelope-reply.js';
import { send } from '../http/error-handler.js';
import { envelope } from '../http/response-schemas.js';
import type { Answer, SchemaData } from '../http/typed-route.js';
import { path, queryOf } from '../http/route-helpers.js';
import type { OutboxService } from './outbox-service.js';

export interface DevOutboxRouteServices {
  outbox: OutboxService;
}

/**
 * Development only (DEV_OUTBOX=1, never in production): the messages "sent", newest first, codes
 * in clear, including every image-code answer (channel 'captcha', to = its uuid).
 */
export async function devOutboxRoutes(app: FastifyInstance, { outbox }: DevOutboxRouteServices): Promise<void> {
  app.get<{ Querystring: SchemaData<'outbox-query'>; Reply: Answer<'response-outbox-messages'> }>(path(apiPaths.devOutbox), {
    schema: {
      tags: ['development'],
      summary: 'Dev outbox: ?to=<mobile, e-mail or captcha uuid>',
      response: envelope('response-outbox-messages', 'messages, newest first'),
      ...queryOf('outbox-query'),
    },
    // the socket's own address, never X-Forwarded-For (a client writes that header itself); and a
    // request that came through a proxy is refused whatever TRUST_PROXY says: a proxy on this
    // host makes every remote client look local
    onRequest: async (request, reply) => {
      if (!isLoopback(request.raw.socket.remoteAddress) || cameThroughProxy(request.headers)) return send(request, reply, 'notFound');
    },
    handler: async (request, reply) => {
      const to = request.query.to?.trim() ?? '';
      noStore(reply);
      return ok(request, await outbox.list(to || null));
    },
  });
}

/**
 * Headers a forwarding proxy or CDN adds, of any name: Forwarded, Via, any X-Forwarded-*, and
 * every header naming a client address (X-Real-IP, X-Client-IP, CF-Connecting-IP,
 * True-Client-IP, Fastly-Client-IP, X-Cluster-Client-IP, X-Originating-IP, X-Remote-Addr, …).
 * Their presence alone is enough (their values are not trusted).
 */
const PROXY_HEADER = /forwarded|^via$|(^|-)ip$|-(addr|address)$|^cf-|^x-original/;

export function cameThroughProxy(headers: Record<string, string | string[] | undefined>): boolean {
  return Object.keys(headers).some((name) => headers[name] !== undefined && PROXY_HEADER.test(name.toLowerCase()));
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
