import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import { send } from '../http/error-handler.js';
import { paceLimitsOf, uploadDeadlineMs } from '../uploads/upload-pace.js';
import { largestAllowedBytes } from '../uploads/upload-rule-catalogue.js';

/** Uploads are the only multipart requests; their pace is watched by the upload routes. */
const isUpload = (contentType: string | undefined) => /^multipart\/form-data\b/i.test(contentType ?? '');

/**
 * Node's own `requestTimeout` is one number for every request, checked every 30 s: as
 * REQUEST_TIMEOUT_MS it cut large uploads on ordinary lines, and it answered a trickle late.
 * So Node's is raised to the longest upload deadline (the outer bound of anything), and
 * REQUEST_TIMEOUT_MS bounds the receiving of every other request here, answered with the
 * 408 envelope and a closed connection.
 */
export function serverRequestTimeoutMs(config: AppConfig): number {
  return Math.max(config.requestTimeoutMs, uploadDeadlineMs(paceLimitsOf(config), largestAllowedBytes()));
}

export async function registerRequestDeadline(app: FastifyInstance, config: AppConfig): Promise<void> {
  // a callback hook: an async one costs a promise and a microtask on every request
  app.addHook('onRequest', (request, reply, done) => {
    // a request without a body is whole once its headers are read: nothing left to wait for
    const bodiless = request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined;
    if (bodiless || request.raw.complete || isUpload(request.headers['content-type'])) {
      done();
      return;
    }
    const timer = setTimeout(() => {
      if (request.raw.complete || reply.sent) return;
      reply.header('connection', 'close');
      void send(request, reply, 'requestTimeout');
    }, config.requestTimeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    request.raw.once('end', clear);
    reply.raw.once('close', clear);
    done();
  });
}
