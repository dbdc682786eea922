import type { FastifyInstance } from 'fastify';
import { validateDocument } from '../../shared/validation.js';
import type { SchemaName } from '../../generated/registry.js';
import { schemaNames } from '../../generated/registry.js';
import { schemaNameOf } from './schema-loader.js';
import { liveSchema } from './live-schemas.js';

export interface FieldErrorRaw {
  pointer: string;
  key: string;
  params: Record<string, unknown>;
}

/** Thrown when params, query or body do not match their schema; the error handler translates it. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly validationContext: string;
  constructor(
    readonly fieldErrors: FieldErrorRaw[],
    part: string,
  ) {
    super('request validation failed');
    this.validationContext = part;
  }
}

function isSchemaName(name: string): name is SchemaName {
  return (schemaNames as readonly string[]).includes(name);
}

/**
 * Validation uses the PRECOMPILED validators (same code as the browser): the route schema is
 * only used to find which one, by its `$id`. Nothing is compiled on the server.
 */
export function usePrecompiledValidators(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const name = schemaNameOf(schema);
    if (!name || !isSchemaName(name)) {
      throw new Error(`Route schema for ${httpPart ?? 'request'} has no generated validator: ${String(name)}`);
    }
    return (data: unknown) => {
      // a body is validated exactly as sent: `null` must not pass a schema without required
      // fields. Bodiless routes (logout, readNotice, cancel) have no body schema at all.
      // Query and params are absent rather than null when nothing was sent.
      const result = validateDocument(name, httpPart === 'body' ? data : (data ?? {}), liveSchema(name));
      if (result.valid) return { value: data };
      return { error: new RequestValidationError(result.errors, httpPart ?? 'body') };
    };
  });
}
