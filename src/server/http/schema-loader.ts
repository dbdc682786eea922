import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const SCHEMA_ID_PREFIX = 'https://summit.example/schemas/';
const generatedDir = fileURLToPath(new URL('../../generated/schemas/', import.meta.url));
const cache = new Map<string, Record<string, unknown>>();

/**
 * The bundled schema produced by codegen from `schemas/<name>.json`: the one source of every
 * rule. Routes declare it; validation runs the matching precompiled validator (by `$id`).
 */
export function loadSchema(name: string): Record<string, unknown> {
  let schema = cache.get(name);
  if (!schema) {
    schema = JSON.parse(fs.readFileSync(`${generatedDir}${name}.json`, 'utf8')) as Record<string, unknown>;
    cache.set(name, schema);
  }
  return schema;
}

/** 'https://summit.example/schemas/sign-in-password.json' -> 'sign-in-password' */
export function schemaNameOf(schema: unknown): string | null {
  const id = (schema as { $id?: unknown } | null)?.$id;
  if (typeof id !== 'string' || !id.startsWith(SCHEMA_ID_PREFIX)) return null;
  return id.slice(SCHEMA_ID_PREFIX.length).replace(/\.json$/, '');
}

/**
 * An answer schema (`schemas/response-*.json`) ready for a route's `response`: the bundled
 * schema with its `#/definitions/...` parts put in place and without `$id`/`$schema`, so it can
 * sit inside the envelope (fast-json-stringify and the OpenAPI document read it as it is).
 */
export function loadAnswerSchema(name: `response-${string}`): Record<string, unknown> {
  const { definitions = {}, ...root } = loadSchema(name) as { definitions?: Record<string, unknown> };
  const inline = (node: unknown, depth: number): unknown => {
    if (depth > 32) throw new Error(`schemas/${name}.json: answer schemas may not be recursive`);
    if (Array.isArray(node)) return node.map((item) => inline(item, depth + 1));
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/definitions/')) {
      return inline(definitions[ref.slice('#/definitions/'.length)], depth + 1);
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$id' || key === '$schema' || key === '$comment' || key.startsWith('x-')) continue;
      out[key] = inline(value, depth + 1);
    }
    return out;
  };
  return inline(root, 0) as Record<string, unknown>;
}
