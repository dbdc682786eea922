import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope, FieldErrorItem } from '../../shared/envelope.js';
import { uploadErrors, type UploadErrorName } from '../../shared/upload-errors.js';
import type { RuleOutcome } from '../../shared/upload-rules.js';

/**
 * Error envelope of the upload routes: same shape as the app's error handler, with one
 * `fieldErrors` item (pointer '') per failed rule so a client can show each one.
 */
export function sendUploadError(
  request: FastifyRequest,
  reply: FastifyReply,
  name: UploadErrorName,
  failures: RuleOutcome[] = [],
  params: Record<string, unknown> = {},
): FastifyReply {
  const { translator } = request.server;
  const entry = uploadErrors[name];
  const fieldErrors: FieldErrorItem[] = failures.map((failure) => ({
    pointer: '',
    key: failure.key,
    message: translator.t(request.language, failure.key, failure.params),
  }));
  const separator = request.language === 'en' ? '; ' : '；';
  const details = fieldErrors.map((item) => item.message).join(separator);
  const body: Envelope<null> = {
    code: entry.code,
    msg: translator.t(request.language, entry.key, { details, ...params }),
    data: null,
    key: entry.key,
    ...(fieldErrors.length ? { fieldErrors } : {}),
  };
  return reply.status(entry.status).header('cache-control', 'no-store').send(body);
}
