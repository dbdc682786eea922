/**
 * The schema versions of a generated folder (src/generated, or the output of codegen run on a
 * changed copy of schemas/): bundled schema, precompiled validator and published old versions,
 * loaded at run time so the form-version diff checks a version before it becomes the app's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import type { FormVersion } from '../src/server/schema-versions/document-upgrade.js';
import { publishedSchema } from '../src/server/schema-versions/schema-versions.js';

export function formVersionsFrom(generatedDir: string): (name: string) => Promise<FormVersion> {
  const cache = new Map<string, FormVersion>();
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
    const formVersion: FormVersion = {
      name,
      version: Number(schema['x-version']),
      validate,
      schema,
      published: (version) => publishedSchema(name, version, path.join(generatedDir, 'versions')),
    };
    cache.set(name, formVersion);
    return formVersion;
  };
}
