/**
 * Bundling: a schema plus the shared definitions it uses (transitively), with every
 * `definitions.json#/definitions/x` reference rewritten to the local `#/definitions/x`, so the
 * result stands alone for RJSF, Fastify and ajv. Codegen bundles the files with it, the server a
 * form version from the database.
 */
export type JsonSchema = Record<string, unknown>;

export const DEFINITIONS_FILE = 'definitions.json';
export const SCHEMA_ID_PREFIX = 'https://summit.example/schemas/';

/** One schema file: its name (file name without .json), file name and content. */
export interface SourceSchema {
  /** file name without .json, e.g. 'sign-in-password' */
  name: string;
  file: string;
  schema: JsonSchema;
}

const EXTERNAL_PREFIX = `${DEFINITIONS_FILE}#/definitions/`;
const LOCAL_PREFIX = '#/definitions/';

function rewriteRefs(value: unknown, used: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, used));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string') {
      const local = child.startsWith(EXTERNAL_PREFIX) ? LOCAL_PREFIX + child.slice(EXTERNAL_PREFIX.length) : child;
      if (local.startsWith(LOCAL_PREFIX)) used.add(local.slice(LOCAL_PREFIX.length).split('/')[0] ?? '');
      out[key] = local;
    } else {
      out[key] = rewriteRefs(child, used);
    }
  }
  return out;
}

export function bundleSchema(schema: JsonSchema, sharedDefinitions: Record<string, JsonSchema>, name: string): JsonSchema {
  const used = new Set<string>();
  const rewritten = rewriteRefs(schema, used) as JsonSchema;
  const own = (rewritten.definitions ?? {}) as Record<string, JsonSchema>;
  const definitions: Record<string, JsonSchema> = {};
  const pending = [...used];
  while (pending.length > 0) {
    const defName = pending.pop() as string;
    if (definitions[defName] || own[defName]) continue;
    const shared = sharedDefinitions[defName];
    if (!shared) throw new Error(`schemas/${name}.json: $ref to unknown definition "${defName}"`);
    const nested = new Set<string>();
    definitions[defName] = rewriteRefs(shared, nested) as JsonSchema;
    pending.push(...nested);
  }
  const sorted = Object.fromEntries(Object.entries({ ...definitions, ...own }).sort(([a], [b]) => a.localeCompare(b)));
  const { definitions: _ignored, ...rest } = rewritten;
  return Object.keys(sorted).length > 0 ? { ...rest, definitions: sorted } : rest;
}
