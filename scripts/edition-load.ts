/**
 * The schema versions of a generated folder (src/generated, or the output of codegen run on a
 * changed copy of schemas/): bundled schema, precompiled validator and published old versions,
 * loaded at run time so the edition diff checks a version before it becomes the app's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import type { SchemaEdition } from '../src/server/schema-versions/document-upgrade.js';
import { publishedSchema } from '../src/server/schema-versions/schema-versions.js';

export function editionsFrom(generatedDir: string): (name: string) => Promise<SchemaEdition> {
  const cache = new Map<string, SchemaEdition>();
  return async (name) => {
    const known = cache.get(name);
    if (known) return known;
    const schemaFile = path.join(generatedDir, 'schemas', `${name}.json`);
    if (!fs.existsSync(schemaFile)) throw new Error(`${schemaFile}: no such schema (run codegen first)`);
    const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8')) as Record<string, unknown>;
    const module = (await import(pathToFileURL(path.join(generatedDir, 'validators', `${name}.js`)).href)) as Record<
      string,
      ValidateFunction
    >;
    const validate = module[String(schema.$id)];
    if (!validate) throw new Error(`${generatedDir}/validators/${name}.js exports no validator for ${String(schema.$id)}`);
    const edition: SchemaEdition = {
      name,
      version: Number(schema['x-version']),
      validate,
      schema,
      published: (version) => publishedSchema(name, version, path.join(generatedDir, 'versions')),
    };
    cache.set(name, edition);
    return edition;
  };
}
