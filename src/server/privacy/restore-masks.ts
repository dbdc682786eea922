import type { FastifyReply, FastifyRequest } from 'fastify';
import { looksMasked, restoreUnchangedMasks, valuesAtPath } from '../../shared/sensitive-fields.js';
import { sensitiveFieldsOf } from './masked-answers.js';

/**
 * preValidation of a save whose form was filled from a masked answer: a sensitive field sent
 * back exactly as the mask of the stored value keeps the stored value, so editing a record
 * never needs the full number and a mask is never stored as the number. Runs after
 * `authenticate` and before the schema check, which refuses any other value holding an
 * asterisk (no ID number or mobile format allows one). The stored document is read only when
 * the body holds a mask, through the same scoped read as the answer (404 for another unit's id).
 */
export function restoreMaskedFields<Request extends FastifyRequest>(
  schemaName: string,
  storedDocument: (request: Request) => Promise<unknown>,
) {
  return async (request: Request, _reply: FastifyReply): Promise<void> => {
    const fields = sensitiveFieldsOf(schemaName);
    const body = request.body;
    if (!body || typeof body !== 'object') return;
    if (!fields.some(({ path }) => valuesAtPath(body, path).some(looksMasked))) return;
    request.body = restoreUnchangedMasks(body, await storedDocument(request), fields);
  };
}
