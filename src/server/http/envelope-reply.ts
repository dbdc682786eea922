import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../shared/envelope.js';
import { SUCCESS_KEY } from '../../shared/error-catalogue.js';

/** A 200 envelope with the translated success message. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: 200, msg: request.server.translator.t(request.language, SUCCESS_KEY), data };
}

/** Personal data must never sit in a shared cache. */
export function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}
