/** Visits every (sub)schema of a JSON Schema draft-07 document, with its JSON pointer. */
import type { JsonSchema } from './bundle.js';
import { escapePointerToken } from '../json-pointer.js';

export type SchemaVisitor = (schema: JsonSchema, pointer: string, parent: JsonSchema | null) => void;

const SCHEMA_KEYS = ['items', 'additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const SCHEMA_ARRAY_KEYS = ['allOf', 'anyOf', 'oneOf', 'items'];
const SCHEMA_MAP_KEYS = ['properties', 'patternProperties', 'definitions', 'dependencies'];

function isSchema(value: unknown): value is JsonSchema {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

export function walkSchema(schema: JsonSchema, visit: SchemaVisitor, pointer = '#', parent: JsonSchema | null = null): void {
  visit(schema, pointer, parent);
  for (const key of SCHEMA_KEYS) {
    const child = schema[key];
    if (isSchema(child)) walkSchema(child, visit, `${pointer}/${key}`, schema);
  }
  for (const key of SCHEMA_ARRAY_KEYS) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((child, i) => isSchema(child) && walkSchema(child, visit, `${pointer}/${key}/${i}`, schema));
  }
  for (const key of SCHEMA_MAP_KEYS) {
    const map = schema[key];
    if (!isSchema(map)) continue;
    for (const [name, child] of Object.entries(map)) {
      if (isSchema(child)) walkSchema(child, visit, `${pointer}/${key}/${escapePointerToken(name)}`, schema);
    }
  }
}
