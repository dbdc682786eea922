/**
 * Route `response` parts. Answer shapes are JSON Schemas in schemas/response-*.json (their types
 * are in src/generated/types.ts); here they are wrapped in the `{ code, msg, data }` envelope and
 * every route documents the error envelopes it can answer with.
 */
import { loadAnswerSchema } from './schema-loader.js';

type Schema = Record<string, unknown>;

const str = { type: 'string' };

/** Every error answer: the envelope with `key`, and `fieldErrors` on invalid input or `requestId` on 500. */
const errorEnvelope = (description: string): Schema => ({
  description,
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', description: 'the HTTP status, or a business code (10001-10007 travel with HTTP 400)' },
    msg: { type: 'string', description: 'translated message (accept-language)' },
    data: { description: 'null on errors' },
    key: { type: 'string', description: 'i18n key of msg' },
    fieldErrors: {
      type: 'array',
      items: { type: 'object', required: ['pointer', 'key', 'message'], properties: { pointer: str, key: str, message: str } },
    },
    requestId: { type: 'string', description: 'present on 500: quote it when reporting the problem' },
  },
});

export const errorResponses: Record<number, Schema> = {
  400: errorEnvelope('invalid input (fieldErrors: JSON pointer, key, message per field) or a business rule refused'),
  401: errorEnvelope('not signed in, or the session ended: sign in again'),
  403: errorEnvelope('signed in, but not allowed'),
  404: errorEnvelope("no such record (or not one of the caller's)"),
  409: errorEnvelope('conflicts with the current state (already exists, closed, full...)'),
  429: errorEnvelope('too many requests: retry after the retry-after header'),
  500: errorEnvelope('unexpected failure (requestId)'),
};

/** `{ code, msg, data }` with the given data (an answer schema name or a plain schema), plus the error envelopes */
export function envelope(data: Schema | `response-${string}`, description: string): Record<number, Schema> {
  return {
    200: {
      description,
      type: 'object',
      required: ['code', 'msg', 'data'],
      properties: { code: { type: 'integer', example: 200 }, msg: str, data: typeof data === 'string' ? loadAnswerSchema(data) : data },
    },
    ...errorResponses,
  };
}

export const nothing = { type: 'null', nullable: true };
/** a sign-in's data: the marker "session-cookie"; the token is the Set-Cookie value (API clients may send it as Authorization: Bearer) */
export const token = {
  type: 'string',
  description:
    'the marker "session-cookie": the session token is only in the HttpOnly cookie of this answer (API clients may send that value as Authorization: Bearer <token>)',
};
