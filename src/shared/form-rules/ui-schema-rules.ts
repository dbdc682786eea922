/**
 * A UI schema checked against its (bundled) schema: every key that is not a `ui:` option names a
 * property (or `items` / `additionalProperties`) of the schema at that place, every `ui:order`
 * entry is a property or `*`, and an order without `*` lists every property, as RJSF requires.
 * Codegen checks ui-schemas/ with it, the server a form version's UI schemas.
 */
import { problem } from './problem.js';
import type { JsonSchema } from './bundle.js';
import { escapePointerToken, followLocalRefs } from '../json-pointer.js';
import { isPlainObject } from '../plain-object.js';

type Node = Record<string, unknown>;

/** Every subschema that describes the same value: the node, its allOf/anyOf/oneOf/then/else parts, dependencies. */
function facets(schema: unknown, root: JsonSchema, out: Node[] = []): Node[] {
  const node = followLocalRefs(schema, root);
  if (!node || out.includes(node)) return out;
  out.push(node);
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(node[key])) (node[key] as unknown[]).forEach((part) => facets(part, root, out));
  for (const key of ['then', 'else']) if (node[key] !== undefined) facets(node[key], root, out);
  if (isPlainObject(node.dependencies)) Object.values(node.dependencies).forEach((part) => !Array.isArray(part) && facets(part, root, out));
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
    if (isPlainObject(part.properties)) {
      shape.isObject = true;
      for (const [name, child] of Object.entries(part.properties)) {
        shape.properties.set(name, [...(shape.properties.get(name) ?? []), child]);
        if (
          index === 0 ||
          (part !== parts[0] &&
            Array.isArray(parts[0]?.allOf) &&
            (parts[0].allOf as unknown[]).some((item) => followLocalRefs(item, root) === part))
        ) {
          if (!shape.ownProperties.includes(name)) shape.ownProperties.push(name);
        }
      }
    }
    if (part.type === 'object') shape.isObject = true;
    if (isPlainObject(part.items)) shape.items.push(part.items);
  });
  return shape;
}

function lintNode(ui: Node, schemas: unknown[], root: JsonSchema, file: string, pointer: string, problems: string[]): void {
  const shapes = schemas.map((schema) => shapeOf(schema, root));
  const properties = new Set(shapes.flatMap((shape) => [...shape.properties.keys()]));
  const known = [...properties].join(', ') || '(none)';
  for (const [key, value] of Object.entries(ui)) {
    const at = `${pointer}/${escapePointerToken(key)}`;
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
      else if (isPlainObject(value)) lintNode(value, items, root, file, at, problems);
      continue;
    }
    if (key === 'additionalProperties') continue;
    const children = shapes.flatMap((shape) => shape.properties.get(key) ?? []);
    if (children.length === 0) {
      problems.push(problem(file, at, `"${key}" is not a property of the schema here`, `Rename or remove it (properties: ${known})`));
      continue;
    }
    if (isPlainObject(value)) {
      lintShownWhen(value, properties, known, file, at, problems);
      lintNode(value, children, root, file, at, problems);
    }
  }
}

/** `ui:options.shownWhen` names sibling fields: a renamed one would hide its field for good. */
function lintShownWhen(ui: Node, siblings: Set<string>, known: string, file: string, pointer: string, problems: string[]): void {
  const options = ui['ui:options'];
  if (!isPlainObject(options) || options.shownWhen === undefined) return;
  const at = `${pointer}/ui:options/shownWhen`;
  if (!isPlainObject(options.shownWhen)) {
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

/** The problems of one UI schema (`file` names it in each problem) against the bundled schema it belongs to. */
export function lintUiSchema(ui: Node, schema: JsonSchema, file: string): string[] {
  const problems: string[] = [];
  lintNode(ui, [schema], schema, file, '#', problems);
  return problems;
}
