/** The registry module (names, versions, lazy form loaders) and the server's validator map. */
import { SCHEMA_ID_PREFIX, type SourceSchema } from './schema-files.js';
import { typeNameOf } from './types.js';

function identifierOf(name: string): string {
  const pascal = typeNameOf(name);
  return pascal[0]!.toLowerCase() + pascal.slice(1);
}

export function generateRegistry(schemas: SourceSchema[], header: string): string {
  const names = schemas.map((s) => s.name);
  const lines = [
    header,
    "import type { ValidateFunction } from 'ajv';",
    `import type { ${schemas.map((s) => typeNameOf(s.name)).join(', ')} } from './types.js';`,
    '',
    '/** Every schema of schemas/ (except definitions.json). */',
    `export const schemaNames = [\n${names.map((n) => `  '${n}',`).join('\n')}\n] as const;`,
    'export type SchemaName = (typeof schemaNames)[number];',
    '',
    '/** x-version of each schema: stored with every record so old records stay readable. */',
    `export const schemaVersions: Record<SchemaName, number> = {\n${schemas
      .map((s) => `  '${s.name}': ${Number(s.schema['x-version'])},`)
      .join('\n')}\n};`,
    '',
    `export const schemaIdPrefix = '${SCHEMA_ID_PREFIX}';`,
    'export function schemaIdOf(name: SchemaName): string {',
    '  return `${schemaIdPrefix}${name}.json`;',
    '}',
    '',
    '/** Data type of each schema. */',
    `export interface SchemaTypes {\n${schemas.map((s) => `  '${s.name}': ${typeNameOf(s.name)};`).join('\n')}\n}`,
    '',
    'export interface LoadedForm {',
    '  /** the bundled schema: pass this exact object to the form and to createPrecompiledValidator */',
    '  schema: Record<string, unknown>;',
    '  /** the precompiled validators, keyed as rjsf expects */',
    '  validateFns: Record<string, ValidateFunction>;',
    '}',
    '',
    '/** Lazy loaders: each form pulls in only its own schema and validator module. */',
    `export const formLoaders: Record<SchemaName, () => Promise<LoadedForm>> = {\n${names
      .map(
        (n) =>
          `  '${n}': async () => ({\n    schema: (await import('./schemas/${n}.json')).default as Record<string, unknown>,\n    validateFns: { ...(await import('./validators/${n}.js')) } as unknown as Record<string, ValidateFunction>,\n  }),`,
      )
      .join('\n')}\n};`,
    '',
    'export function loadForm(name: SchemaName): Promise<LoadedForm> {',
    '  return formLoaders[name]();',
    '}',
    '',
  ];
  return lines.join('\n');
}

/** Static maps of root validators and bundled schemas, for validateDocument (synchronous: the server needs it so). */
export function generateValidatorMap(schemas: SourceSchema[], header: string): string {
  const lines = [
    header,
    "import type { ValidateFunction } from 'ajv';",
    "import type { SchemaName } from './registry.js';",
    ...schemas.map((s) => `import * as ${identifierOf(s.name)} from './validators/${s.name}.js';`),
    ...schemas.map((s) => `import ${identifierOf(s.name)}Schema from './schemas/${s.name}.json';`),
    '',
    '/** The bundled schema of each schema (labels and messages are looked up in it). */',
    `export const rootSchemas: Record<SchemaName, Record<string, unknown>> = {\n${schemas
      .map((s) => `  '${s.name}': ${identifierOf(s.name)}Schema,`)
      .join('\n')}\n};`,
    '',
    '/** The root validator of each schema (keyed in its module by the schema $id). */',
    `export const rootValidators: Record<SchemaName, ValidateFunction> = {\n${schemas
      .map((s) => `  '${s.name}': ${identifierOf(s.name)}['${SCHEMA_ID_PREFIX}${s.name}.json'],`)
      .join('\n')}\n};`,
    '',
  ];
  return lines.join('\n');
}
