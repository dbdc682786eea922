/**
 * UI schemas name fields; a renamed or dropped field leaves a key that RJSF silently ignores
 * (or, in `ui:order`, a form that throws on screen). Each ui-schemas/<name>.json is checked
 * against its schema: every key that is not a `ui:` option names a property (or `items` /
 * `additionalProperties`) of the schema at that place, and every `ui:order` entry is a
 * property or `*`; an order without `*` lists every property, as RJSF requires.
 *
 * Which schema a UI schema belongs to: the one a screen declaration pairs it with
 * (`schema` + `uiSchema` in one object), else the schema of the same name, else the schema
 * whose name is the longest prefix of it (`unit-enterprise` -> `unit`,
 * `temporary-registration-staff` -> `temporary-registration`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { problem } from '../src/shared/form-rules/problem.js';
import { lintUiSchema } from '../src/shared/form-rules/ui-schema-rules.js';
import type { JsonSchema } from './schema-files.js';
import { JsonSyntaxError, readJsonFile } from './json-file.js';

type Node = Record<string, unknown>;

export interface UiSchemaLintInput {
  uiSchemasDir: string;
  /** bundled schemas by name (local refs only) */
  schemaOf: (name: string) => JsonSchema | undefined;
  schemaNames: Set<string>;
  /** screen declarations (parsed JSON): their schema/uiSchema pairs */
  declarations: unknown[];
}

function isNode(value: unknown): value is Node {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

function collectPairs(value: unknown, pairs: Map<string, Set<string>>): void {
  if (Array.isArray(value)) return value.forEach((item) => collectPairs(item, pairs));
  if (!isNode(value)) return;
  if (typeof value.schema === 'string' && typeof value.uiSchema === 'string') {
    const set = pairs.get(value.uiSchema) ?? new Set<string>();
    set.add(value.schema);
    pairs.set(value.uiSchema, set);
  }
  for (const child of Object.values(value)) collectPairs(child, pairs);
}

/** The schema a UI schema belongs to, by the rule in this file's header. */
export function schemasForUiSchema(name: string, pairs: Map<string, Set<string>>, schemaNames: Set<string>): string[] {
  const paired = pairs.get(name);
  if (paired && paired.size > 0) return [...paired].filter((schema) => schemaNames.has(schema));
  if (schemaNames.has(name)) return [name];
  const prefix = [...schemaNames].filter((schema) => name.startsWith(`${schema}-`)).sort((a, b) => b.length - a.length)[0];
  return prefix ? [prefix] : [];
}

export function lintUiSchemas(input: UiSchemaLintInput): string[] {
  if (!fs.existsSync(input.uiSchemasDir)) return [];
  const pairs = new Map<string, Set<string>>();
  collectPairs(input.declarations, pairs);
  const problems: string[] = [];
  for (const fileName of fs
    .readdirSync(input.uiSchemasDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const name = fileName.replace(/\.json$/, '');
    const file = `ui-schemas/${fileName}`;
    let ui: unknown;
    try {
      ui = readJsonFile(path.join(input.uiSchemasDir, fileName), file);
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      problems.push(...error.problems);
      continue;
    }
    if (!isNode(ui)) {
      problems.push(problem(file, '#', 'a UI schema must be an object', 'Write {"ui:order": [...], "<field>": {"ui:widget": ...}}'));
      continue;
    }
    const schemaNames = schemasForUiSchema(name, pairs, input.schemaNames);
    if (schemaNames.length === 0) {
      problems.push(
        problem(
          file,
          '#',
          'no schema for this UI schema',
          'Name it after its schema (schemas/<name>.json, or <name>-<variant>.json), or pair them in a screen declaration',
        ),
      );
      continue;
    }
    for (const schemaName of schemaNames) {
      const schema = input.schemaOf(schemaName);
      if (schema) problems.push(...lintUiSchema(ui, schema, file));
    }
  }
  return problems;
}
