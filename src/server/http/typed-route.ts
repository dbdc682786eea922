/**
 * Route generics from the generated types: a route says which schemas its body, query, params
 * and answer follow, and Fastify checks the handler against them. A handler that returns a shape
 * its answer schema (schemas/response-*.json) does not have fails typecheck:
 *
 *   app.get<{ Params: SchemaData<'guest-id-params'>; Reply: Answer<'response-guest-detail'> }>(url, {
 *     schema: { response: envelope('response-guest-detail', 'the guest'), ...paramsOf('guest-id-params') }, ...
 */
import type { SchemaTypes } from '../../generated/registry.js';
import type { Envelope } from '../../shared/envelope.js';

/** Names of the answer schemas (schemas/response-*.json). */
export type AnswerName = Extract<keyof SchemaTypes, `response-${string}`>;

/**
 * The data type of a schema of schemas/ (body, query, params or answer). Mapped from the generated
 * interface so it stays assignable to `Record<string, unknown>` (what document-storing services take).
 */
export type SchemaData<Name extends keyof SchemaTypes> = { [Key in keyof SchemaTypes[Name]]: SchemaTypes[Name][Key] };

/** The envelope of a route's success answer, its data following the named answer schema. */
export type Answer<Name extends AnswerName> = Envelope<SchemaTypes[Name]>;

/** The envelope of an answer whose data is no schema of its own (null, a token, a count, a flag). */
export type PlainAnswer<Data extends null | string | number | boolean> = Envelope<Data>;
