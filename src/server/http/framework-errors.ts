import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../shared/envelope.js';
import { DEFAULT_LANGUAGE } from '../../shared/constants.js';
import { errorCatalogue, type ErrorName } from '../../shared/error-catalogue.js';
import { apiSecurityHeaders } from '../plugins/security-headers.js';
import { send } from './error-handler.js';
import { languageOf } from './translator.js';

/**
 * Errors Fastify raises before any route or hook runs (a URL that is not valid percent-encoding,
 * a path parameter past maxParamLength). Its default answer is a bare JSON that echoes the URL
 * and lacks the security headers; ours is the usual envelope.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.language = languageOf(request.headers['accept-language']);
  const name: ErrorName = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uriTooLong' : 'badRequest';
  request.log.info({ code: error.code }, 'framework error');
  reply.headers(apiSecurityHeaders());
  void send(request, reply, name);
}

function clientErrorName(code: string | undefined): ErrorName {
  if (code === 'HPE_HEADER_OVERFLOW') return 'headersTooLarge';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'requestTimeout';
  return 'badRequest';
}

/**
 * Errors of Node's HTTP parser (headers past maxHeaderSize, which includes an overlong URL;
 * malformed requests; timeouts): no request exists, so the envelope is written on the socket.
 * The headers could not be read, so the message is in the default language.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const entry = errorCatalogue[clientErrorName(error.code)];
  const body: Envelope<null> = { code: entry.code, msg: this.translator.t(DEFAULT_LANGUAGE, entry.key), data: null, key: entry.key };
  const text = JSON.stringify(body);
  const headers: Record<string, string> = {
    ...apiSecurityHeaders(),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    connection: 'close',
  };
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    socket.write(
      `HTTP/1.1 ${entry.status} ${entry.status === 431 ? 'Request Header Fields Too Large' : entry.status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n${lines.join('\r\n')}\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
