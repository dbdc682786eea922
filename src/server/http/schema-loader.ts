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
