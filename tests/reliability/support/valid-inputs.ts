/**
 * Inputs a route's validators accept, for tests that must get past validation (the access
 * matrix): generated from the route schema, then checked with the generated validator of the
 * body's schema (named in the bundle's $comment) and drawn again until it passes.
 */
import { schemaNames, type SchemaName } from '../../../src/generated/registry.js';
import { validateDocument } from '../../../src/shared/validation.js';
import type { Rng } from './prng.js';
import type { JsonSchema, RouteInfo } from './route-catalogue.js';
import { validValue, type NameHint } from './schema-values.js';

export function bodySchemaName(schema: JsonSchema): SchemaName | null {
  const match = /source is schemas\/([a-z0-9-]+)\.json/.exec(String(schema.$comment ?? ''));
  const name = match?.[1];
  return name && (schemaNames as readonly string[]).includes(name) ? (name as SchemaName) : null;
}

/** `strict`: throw when no valid body comes out (else the last try is returned). */
export function validBody(route: RouteInfo, rng: Rng, hint: NameHint, strict = true): unknown {
  if (!route.body) return undefined;
  const name = bodySchemaName(route.body);
  let candidate = validValue(route.body, rng, hint);
  for (let attempt = 0; name && attempt < 200 && !validateDocument(name, candidate).valid; attempt += 1) {
    candidate = validValue(route.body, rng, hint);
  }
  if (strict && name && !validateDocument(name, candidate).valid) throw new Error(`could not generate a valid ${name} for ${route.key}`);
  return candidate;
}
