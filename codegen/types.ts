/**
 * TypeScript types with json-schema-to-typescript, from ONE combined bundle (every shared
 * definition once, every schema as a definition referring to them) so a shared part appears
 * once in src/generated/types.ts instead of once per schema (jstt issues #141, #333).
 * The rules jstt cannot express (maxLength, format, pattern...) are written into each doc
 * comment, so a changed limit shows in the types too.
 */
import { compile } from 'json-schema-to-typescript';
import type { JsonSchema, SourceSchema } from './schema-files.js';
import { walkSchema } from '../src/shared/form-rules/walk-schema.js';

const DOC_RULES = ['minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'minItems', 'maxItems'];

export function typeNameOf(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** Rewrites refs to the combined root, drops ids, appends rules to descriptions. */
function prepare(schema: JsonSchema): JsonSchema {
  const copy = JSON.parse(JSON.stringify(schema).replaceAll('"definitions.json#/definitions/', '"#/definitions/')) as JsonSchema;
  delete copy.$id;
  delete copy.$schema;
  walkSchema(copy, (sub) => {
    if (typeof sub.$ref === 'string') {
      // A $ref with siblings (x-i18n, x-messages...) would make jstt declare a new, duplicate type.
      for (const key of Object.keys(sub)) if (key !== '$ref') delete sub[key];
      return;
    }
    // jstt cannot express if/then/else (LIBRARY-NOTES): drop them, and allOf lists made only of them.
    delete sub.if;
    delete sub.then;
    delete sub.else;
    if (Array.isArray(sub.allOf)) {
      const kept = (sub.allOf as JsonSchema[]).filter((part) => Object.keys(part).some((k) => !['if', 'then', 'else'].includes(k)));
      if (kept.length > 0) sub.allOf = kept;
      else delete sub.allOf;
    }
    const rules = DOC_RULES.filter((rule) => sub[rule] !== undefined).map((rule) => `@${rule} ${String(sub[rule])}`);
    if (typeof sub['x-upload'] === 'object') rules.push(`@upload ${JSON.stringify(sub['x-upload'])}`);
    if (rules.length > 0) {
      sub.description = [typeof sub.description === 'string' ? sub.description : '', ...rules].filter(Boolean).join('\n');
    }
  });
  return copy;
}

export async function generateTypes(definitions: SourceSchema, schemas: SourceSchema[], header: string): Promise<string> {
  const sharedDefinitions = prepare(definitions.schema).definitions as Record<string, JsonSchema>;
  const combinedDefinitions: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(sharedDefinitions)) {
    combinedDefinitions[name] = { ...schema, title: typeNameOf(name) };
  }
  for (const source of schemas) {
    const typeName = typeNameOf(source.name);
    if (combinedDefinitions[typeName]) throw new Error(`type name ${typeName} of schemas/${source.file} clashes`);
    combinedDefinitions[typeName] = { ...prepare(source.schema), title: typeName };
  }
  const root: JsonSchema = {
    title: 'AllSchemas',
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(schemas.map((s) => [s.name, { $ref: `#/definitions/${typeNameOf(s.name)}` }])),
    definitions: combinedDefinitions,
  };
  const ts = await compile(root as never, 'AllSchemas', {
    bannerComment: header,
    additionalProperties: false,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    format: false,
    strictIndexSignatures: true,
    // maxItems would expand into tuple unions ([] | [A] | [A, A] ...): keep plain arrays.
    maxItems: -1,
    $refOptions: { resolve: { external: false } } as never,
  });
  return ts;
}
