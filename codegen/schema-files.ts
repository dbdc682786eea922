/** Reading the source schemas and the locales from disk (the inputs of codegen). */
import fs from 'node:fs';
import path from 'node:path';
import { JsonSyntaxError, readJsonFile } from './json-file.js';

export type { JsonSchema, SourceSchema } from '../src/shared/form-rules/bundle.js';
export { DEFINITIONS_FILE, SCHEMA_ID_PREFIX } from '../src/shared/form-rules/bundle.js';
import { DEFINITIONS_FILE, type JsonSchema, type SourceSchema } from '../src/shared/form-rules/bundle.js';

export interface SchemaSources {
  definitions: SourceSchema;
  /** every schema except definitions.json, sorted by name */
  schemas: SourceSchema[];
}

export function readSchemaSources(schemasDir: string): SchemaSources {
  const files = fs
    .readdirSync(schemasDir)
    .filter((file) => file.endsWith('.json'))
    .sort();
  // every broken file at once, not the first one
  const broken: string[] = [];
  const all = files.map((file) => {
    let schema: JsonSchema = {};
    try {
      schema = readJsonFile(path.join(schemasDir, file), `schemas/${file}`) as JsonSchema;
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      broken.push(...error.problems);
    }
    return { name: file.replace(/\.json$/, ''), file, schema };
  });
  if (broken.length > 0) throw new JsonSyntaxError(broken);
  const definitions = all.find((source) => source.file === DEFINITIONS_FILE);
  if (!definitions) throw new Error(`schemas/${DEFINITIONS_FILE} is missing`);
  return { definitions, schemas: all.filter((source) => source !== definitions) };
}

/** Every key of every namespace file of one language, as 'namespace.path.to.key'. */
export function readLocaleKeys(localesDir: string, language: string): Set<string> {
  const keys = new Set<string>();
  const dir = path.join(localesDir, language);
  if (!fs.existsSync(dir)) return keys;
  const broken: string[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const namespace = file.replace(/\.json$/, '');
    try {
      collectKeys(readJsonFile(path.join(dir, file), `locales/${language}/${file}`), namespace, keys);
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      broken.push(...error.problems);
    }
  }
  if (broken.length > 0) throw new JsonSyntaxError(broken);
  return keys;
}

function collectKeys(value: unknown, prefix: string, keys: Set<string>): void {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) collectKeys(child, `${prefix}.${key}`, keys);
  } else {
    keys.add(prefix);
  }
}
