import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NoResultError } from 'kysely';
import type { Envelope, FieldErrorItem } from '../../shared/envelope.js';
import { errorCatalogue, type ErrorName } from '../../shared/error-catalogue.js';
import { registerDatabaseSpace, type DatabaseSpace } from '../cluster/database-space.js';
import { isAppError } from './app-error.js';
import { dependencyFailureOf } from './dependency-failures.js';
import { RequestValidationError } from './request-validation.js';

/** Fastify's own 4xx errors we expect from clients, mapped to catalogue entries. */
function clientErrorName(error: FastifyError): ErrorName | null {
  switch (error.statusCode) {
    case 400:
      return 'badRequest';
    case 404:
      return 'notFound';
    case 413:
      return 'payloadTooLarge';
    case 415:
      return 'unsupportedMediaType';
    case 429:
      return 'tooManyRequests';
    default:
      return null;
  }
}

/**
 * Never leaks internals: only catalogue messages reach the client. A 5xx answer is a
 * generic translated message plus the request id; the detail goes to the log.
 */
export function installErrorHandler(app: FastifyInstance, databaseSpace: DatabaseSpace): void {
  // a write PostgreSQL refused for space makes /readyz probe the database's space
  registerDatabaseSpace(app, databaseSpace);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { translator } = request.server;
    const language = request.language;

    if (error instanceof RequestValidationError) {
      const fieldErrors: FieldErrorItem[] = error.fieldErrors.map((field) => ({
        pointer: field.pointer,
        key: field.key,
        message: translator.t(language, field.key, field.params),
      }));
      const details = [...new Set(fieldErrors.map((f) => f.message))].join(', ');
      return send(request, reply, 'validationFailed', { details }, { fieldErrors });
    }
    if (isAppError(error)) {
      if (error.data !== undefined) return send(request, reply, error.name_, error.params, { data: error.data as null });
      if (!error.pointer) return send(request, reply, error.name_, error.params);
      const { key } = errorCatalogue[error.name_];
      return send(request, reply, error.name_, error.params, {
        fieldErrors: [{ pointer: error.pointer, key, message: translator.t(language, key, error.params) }],
      });
    }
    if (error instanceof NoResultError) {
      // a row read after a check vanished (a concurrent delete committed in between): to this
      // caller it is gone, as it would be a moment later; logged, since it marks a racy read
      request.log.warn({ err: error }, 'row vanished between check and read');
      return send(request, reply, 'notFound');
    }
    const clientError = clientErrorName(error);
    if (clientError) {
      request.log.info({ code: error.code, message: error.message }, 'client error');
      return send(request, reply, clientError);
    }
    const dependency = dependencyFailureOf(error);
    if (dependency) {
      if (dependency === 'storageFull') request.server.databaseSpace.note(error);
      request.log.error({ err: error }, dependency === 'storageFull' ? 'storage full: nothing saved' : 'database unavailable');
      if (dependency === 'serviceUnavailable') reply.header('retry-after', '5');
      return send(request, reply, dependency);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 'internal', { requestId: request.id }, { requestId: String(request.id) });
  });
}

export function send(
  request: FastifyRequest,
  reply: FastifyReply,
  name: ErrorName,
  params: Record<string, unknown> = {},
  extra: Partial<Envelope<null>> = {},
): FastifyReply {
  const entry = errorCatalogue[name];
  const body: Envelope<null> = {
    code: entry.code,
    msg: request.server.translator.t(request.language, entry.key, params),
    data: null,
    key: entry.key,
    ...extra,
  };
  // every 429 tells the client when to come back (the limiters set their own window)
  if (entry.status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '1');
  return reply.status(entry.status).header('cache-control', 'no-store').send(body);
}
