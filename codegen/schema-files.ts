/** Reading the source schemas and the locales from disk (the inputs of codegen). */
import fs from 'node:fs';
import path from 'node:path';

export type JsonSchema = Record<string, unknown>;

export const DEFINITIONS_FILE = 'definitions.json';
export const SCHEMA_ID_PREFIX = 'https://summit.example/schemas/';

export interface SourceSchema {
  /** file name without .json, e.g. 'sign-in-password' */
  name: string;
  file: string;
  schema: JsonSchema;
}

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
  const all = files.map((file) => {
    const fullPath = path.join(schemasDir, file);
    let schema: JsonSchema;
    try {
      schema = JSON.parse(fs.readFileSync(fullPath, 'utf8')) as JsonSchema;
    } catch (error) {
      throw new Error(
        `schemas/${file}#: not valid JSON (${(error as Error).message}). Fix the syntax at the position named (a missing comma or quote, a trailing comma)`,
      );
    }
    return { name: file.replace(/\.json$/, ''), file, schema };
  });
  const definitions = all.find((source) => source.file === DEFINITIONS_FILE);
  if (!definitions) throw new Error(`schemas/${DEFINITIONS_FILE} is missing`);
  return { definitions, schemas: all.filter((source) => source !== definitions) };
}

/** Every key of every namespace file of one language, as 'namespace.path.to.key'. */
export function readLocaleKeys(localesDir: string, language: string): Set<string> {
  const keys = new Set<string>();
  const dir = path.join(localesDir, language);
  if (!fs.existsSync(dir)) return keys;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const namespace = file.replace(/\.json$/, '');
    let content: unknown;
    try {
      content = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as unknown;
    } catch (error) {
      throw new Error(`locales/${language}/${file}#: not valid JSON (${(error as Error).message}). Fix the syntax at the position named`);
    }
    collectKeys(content, namespace, keys);
  }
  return keys;
}

function collectKeys(value: unknown, prefix: string, keys: Set<string>): void {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) collectKeys(child, `${prefix}.${key}`, keys);
  } else {
    keys.add(prefix);
  }
}
