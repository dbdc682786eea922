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
import { problem } from './problem.js';
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

function resolve(schema: unknown, root: JsonSchema): Node | undefined {
  let node = schema;
  for (let depth = 0; isNode(node) && typeof node.$ref === 'string' && depth < 20; depth += 1) {
    const tokens = node.$ref.replace(/^#\/?/, '').split('/').filter(Boolean);
    node = tokens.reduce<unknown>((at, token) => (isNode(at) ? at[token.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), root);
  }
  return isNode(node) ? node : undefined;
}

/** Every subschema that describes the same value: the node, its allOf/anyOf/oneOf/then/else parts, dependencies. */
function facets(schema: unknown, root: JsonSchema, out: Node[] = []): Node[] {
  const node = resolve(schema, root);
  if (!node || out.includes(node)) return out;
  out.push(node);
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(node[key])) (node[key] as unknown[]).forEach((part) => facets(part, root, out));
  for (const key of ['then', 'else']) if (node[key] !== undefined) facets(node[key], root, out);
  if (isNode(node.dependencies)) Object.values(node.dependencies).forEach((part) => !Array.isArray(part) && facets(part, root, out));
  return out;
}

interface Shape {
  properties: Map<string, unknown[]>;
  /** properties of the object itself (not of a conditional branch): what an order without * must list */
  ownProperties: string[];
  items: unknown[];
  isObject: boolean;
}

function shapeOf(schema: unknown, root: JsonSchema): Shape {
  const shape: Shape = { properties: new Map(), ownProperties: [], items: [], isObject: false };
  const parts = facets(schema, root);
  parts.forEach((part, index) => {
    if (isNode(part.properties)) {
      shape.isObject = true;
      for (const [name, child] of Object.entries(part.properties)) {
        shape.properties.set(name, [...(shape.properties.get(name) ?? []), child]);
        if (
          index === 0 ||
          (part !== parts[0] &&
            Array.isArray(parts[0]?.allOf) &&
            (parts[0].allOf as unknown[]).some((item) => resolve(item, root) === part))
        ) {
          if (!shape.ownProperties.includes(name)) shape.ownProperties.push(name);
        }
      }
    }
    if (part.type === 'object') shape.isObject = true;
    if (isNode(part.items)) shape.items.push(part.items);
  });
  return shape;
}

function lintNode(ui: Node, schemas: unknown[], root: JsonSchema, file: string, pointer: string, problems: string[]): void {
  const shapes = schemas.map((schema) => shapeOf(schema, root));
  const properties = new Set(shapes.flatMap((shape) => [...shape.properties.keys()]));
  const known = [...properties].join(', ') || '(none)';
  for (const [key, value] of Object.entries(ui)) {
    const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (key === 'ui:order') {
      if (!Array.isArray(value)) {
        problems.push(problem(file, at, 'ui:order must be a list of property names', 'Write ["name", "mobile", "*"]'));
        continue;
      }
      value.forEach((entry, i) => {
        if (entry !== '*' && !properties.has(String(entry))) {
          problems.push(
            problem(
              file,
              `${at}/${i}`,
              `ui:order names "${String(entry)}", which is not a property of the schema here`,
              `Remove it or use one of: ${known}`,
            ),
          );
        }
      });
      if (!value.includes('*')) {
        const missing = [...new Set(shapes.flatMap((shape) => shape.ownProperties))].filter((name) => !value.includes(name));
        if (missing.length > 0)
          problems.push(
            problem(
              file,
              at,
              `ui:order has no "*" and leaves out ${missing.join(', ')} (the form would not render)`,
              'Add them, or "*" for the rest',
            ),
          );
      }
      continue;
    }
    if (key.startsWith('ui:') || key === '$comment') continue;
    if (key === 'items') {
      const items = shapes.flatMap((shape) => shape.items);
      if (items.length === 0)
        problems.push(problem(file, at, '"items" but the schema here is not a list', `Remove it, or use one of: ${known}`));
      else if (isNode(value)) lintNode(value, items, root, file, at, problems);
      continue;
    }
    if (key === 'additionalProperties') continue;
    const children = shapes.flatMap((shape) => shape.properties.get(key) ?? []);
    if (children.length === 0) {
      problems.push(problem(file, at, `"${key}" is not a property of the schema here`, `Rename or remove it (properties: ${known})`));
      continue;
    }
    if (isNode(value)) {
      lintShownWhen(value, properties, known, file, at, problems);
      lintNode(value, children, root, file, at, problems);
    }
  }
}

/** `ui:options.shownWhen` names sibling fields: a renamed one would hide its field for good. */
function lintShownWhen(ui: Node, siblings: Set<string>, known: string, file: string, pointer: string, problems: string[]): void {
  const options = ui['ui:options'];
  if (!isNode(options) || options.shownWhen === undefined) return;
  const at = `${pointer}/ui:options/shownWhen`;
  if (!isNode(options.shownWhen)) {
    problems.push(problem(file, at, 'shownWhen must name fields and the value each must hold', 'Write {"speaker": true}'));
    return;
  }
  for (const name of Object.keys(options.shownWhen)) {
    if (!siblings.has(name))
      problems.push(
        problem(file, `${at}/${name}`, `shownWhen names "${name}", which is not a field beside this one`, `Use one of: ${known}`),
      );
  }
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
      if (schema) lintNode(ui, [schema], schema, file, '#', problems);
    }
  }
  return problems;
}
