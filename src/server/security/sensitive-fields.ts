import { loadSchema } from '../http/schema-loader.js';
import { SENSITIVE_KINDS, type SensitiveKind } from './blind-index.js';

/** A sensitive field of a stored document: its property path (`*` = every array item) and kind. */
export interface SensitiveField {
  path: string[];
  kind: SensitiveKind;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields a schema marks `"x-sensitive": "idNumber" | "mobile"` (schemas/README.md), read
 * from the bundled schema: data, not code, so an organiser's new field marked so is sealed,
 * indexed and purged with no change here. Marks are found on a property or on the definition
 * it refers to, in nested objects, array items and if/then/else or allOf branches.
 */
export function sensitiveFieldsOfSchema(schema: Node): SensitiveField[] {
  const definitions = isNode(schema.definitions) ? schema.definitions : {};
  const found = new Map<string, SensitiveField>();
  const resolve = (node: Node, seen: Set<string>): Node => {
    const ref = node.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/definitions/')) return node;
    const name = ref.slice('#/definitions/'.length);
    const target = definitions[name];
    if (!isNode(target) || seen.has(name)) return node;
    seen.add(name);
    return { ...resolve(target, seen), ...Object.fromEntries(Object.entries(node).filter(([k]) => k !== '$ref')) };
  };
  const visit = (raw: unknown, path: string[], depth: number): void => {
    if (!isNode(raw) || depth > 16) return;
    const node = resolve(raw, new Set());
    const mark = node['x-sensitive'];
    if (typeof mark === 'string' && (SENSITIVE_KINDS as readonly string[]).includes(mark) && path.length > 0) {
      found.set(path.join('/'), { path, kind: mark as SensitiveKind });
      return;
    }
    if (isNode(node.properties)) for (const [name, child] of Object.entries(node.properties)) visit(child, [...path, name], depth + 1);
    if (isNode(node.items)) visit(node.items, [...path, '*'], depth + 1);
    for (const branch of ['then', 'else']) visit(node[branch], path, depth + 1);
    for (const list of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(node[list])) for (const part of node[list] as unknown[]) visit(part, path, depth + 1);
  };
  visit(schema, [], 0);
  return [...found.values()];
}

const cache = new Map<string, SensitiveField[]>();

/** The sensitive fields of a stored document's schema (bundled by codegen), cached. */
export function sensitiveFields(schemaName: string): SensitiveField[] {
  let fields = cache.get(schemaName);
  if (!fields) {
    fields = sensitiveFieldsOfSchema(loadSchema(schemaName));
    cache.set(schemaName, fields);
  }
  return fields;
}

/**
 * Applies `change` to every value at the field's path (arrays fanned out by `*`) and returns
 * a copy; the input is never mutated. `change` returning undefined removes the value.
 */
export function mapAtPath(document: unknown, path: string[], change: (value: unknown) => unknown): unknown {
  if (path.length === 0) return change(document);
  const [head, ...rest] = path as [string, ...string[]];
  if (head === '*') return Array.isArray(document) ? document.map((item) => mapAtPath(item, rest, change)) : document;
  if (!isNode(document) || !(head in document)) return document;
  const next = mapAtPath(document[head], rest, change);
  const copy: Node = { ...document };
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy;
}

/** Every value at the field's path. */
export function valuesAtPath(document: unknown, path: string[]): unknown[] {
  const out: unknown[] = [];
  mapAtPath(document, path, (value) => {
    out.push(value);
    return value;
  });
  return out;
}
