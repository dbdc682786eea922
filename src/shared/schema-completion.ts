/**
 * Completes a document with the values its schema itself names for required fields that are
 * missing: `default`, `const`, `examples[0]` or the first `enum` value (nested objects too).
 * The demo records use it, so a new form version's required choice (a new required enum field) does
 * not stop a fresh start; a required free text has no value to take and stays missing (codegen
 * names it). Local refs (`#/definitions/...`) of a bundled schema are followed.
 */
import { isPlainObject } from './plain-object.js';
type Schema = Record<string, unknown>;

function resolved(schema: unknown, root: Schema, depth = 0): Schema {
  if (!isPlainObject(schema) || depth > 20) return {};
  const parts: Schema[] = [];
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .replace(/^#\/?/, '')
      .split('/')
      .filter(Boolean)
      .reduce<unknown>((at, token) => (isPlainObject(at) ? at[token] : undefined), root);
    parts.push(resolved(target, root, depth + 1));
  }
  if (Array.isArray(schema.allOf)) parts.push(...schema.allOf.map((part) => resolved(part, root, depth + 1)));
  const merged: Schema = {};
  for (const part of [...parts, schema]) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties') merged.properties = { ...(merged.properties as Schema), ...(value as Schema) };
      else if (key === 'required') merged.required = [...new Set([...((merged.required as string[]) ?? []), ...(value as string[])])];
      else if (key !== '$ref' && key !== 'allOf') merged[key] = value;
    }
  }
  return merged;
}

function namedValue(schema: Schema): unknown {
  if (schema.default !== undefined) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  return undefined;
}

function completeNode(value: unknown, schema: Schema, root: Schema): unknown {
  if (!isPlainObject(value)) return value;
  const properties = (schema.properties as Record<string, unknown> | undefined) ?? {};
  const out: Record<string, unknown> = { ...value };
  for (const [name, propertySchema] of Object.entries(properties)) {
    const child = resolved(propertySchema, root);
    if (out[name] !== undefined) out[name] = completeNode(out[name], child, root);
    else if (((schema.required as string[] | undefined) ?? []).includes(name)) {
      const named = namedValue(child);
      if (named !== undefined) out[name] = named;
      else if (child.type === 'object' || child.properties) out[name] = completeNode({}, child, root);
    }
  }
  return out;
}

export function completeFromSchema<T>(document: T, rootSchema: Record<string, unknown>): T {
  return completeNode(document, resolved(rootSchema, rootSchema), rootSchema) as T;
}
