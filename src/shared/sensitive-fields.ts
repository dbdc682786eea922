/**
 * Personal data a schema marks `"x-sensitive": "idNumber" | "mobile"` (schemas/README.md), as
 * both sides need it: the server masks every default answer and export with it, the browser
 * keeps such fields out of drafts. Pure functions over bundled schemas (src/generated/schemas),
 * so an organiser's new field marked so is masked and kept out of drafts without code.
 */
import revealSchema from '../generated/schemas/personal-data-reveal.json';
import type { PersonalDataReveal } from '../generated/types.js';
import { enumAt } from './schema-enums.js';
import { isPlainObject } from './plain-object.js';

export type SensitiveKind = PersonalDataReveal['field'];
/** The kinds x-sensitive names: the fields an explicit "show" can ask for (schemas/personal-data-reveal.json). */
export const SENSITIVE_KINDS = enumAt<SensitiveKind>(revealSchema, '/properties/field');

/** A sensitive field of a document: its property path (`*` = every array item) and kind. */
export interface SensitiveField {
  path: string[];
  kind: SensitiveKind;
}

type Node = Record<string, unknown>;

export const isSensitiveKind = (value: unknown): value is SensitiveKind => (SENSITIVE_KINDS as readonly unknown[]).includes(value);

/**
 * Walks the fields of a bundled schema: `onNode` sees each node (its in-document `$ref` resolved,
 * the node's own keywords over the target's) with its property path (`*` = every array item), in
 * nested objects, array items and if/then/else or allOf/anyOf/oneOf branches (a branch at the
 * path of the node it belongs to). `onNode` returning false keeps the walk out of that node.
 */
export function walkSchemaFields(schema: Node, onNode: (node: Node, path: string[]) => boolean | void): void {
  const definitions = isPlainObject(schema.definitions) ? schema.definitions : {};
  const resolve = (node: Node, seen: Set<string>): Node => {
    const ref = node.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/definitions/')) return node;
    const name = ref.slice('#/definitions/'.length);
    const target = definitions[name];
    if (!isPlainObject(target) || seen.has(name)) return node;
    seen.add(name);
    return { ...resolve(target, seen), ...Object.fromEntries(Object.entries(node).filter(([k]) => k !== '$ref')) };
  };
  const visit = (raw: unknown, path: string[], depth: number): void => {
    if (!isPlainObject(raw) || depth > 16) return;
    const node = resolve(raw, new Set());
    if (onNode(node, path) === false) return;
    if (isPlainObject(node.properties))
      for (const [name, child] of Object.entries(node.properties)) visit(child, [...path, name], depth + 1);
    if (isPlainObject(node.items)) visit(node.items, [...path, '*'], depth + 1);
    for (const branch of ['then', 'else']) visit(node[branch], path, depth + 1);
    for (const list of ['allOf', 'anyOf', 'oneOf'])
      if (Array.isArray(node[list])) for (const part of node[list] as unknown[]) visit(part, path, depth + 1);
  };
  visit(schema, [], 0);
}

/**
 * The marked fields of a bundled schema: on a property or on the definition it refers to, in
 * nested objects, array items and if/then/else or allOf branches.
 */
export function sensitiveFieldsOfSchema(schema: Node): SensitiveField[] {
  const found = new Map<string, SensitiveField>();
  walkSchemaFields(schema, (node, path) => {
    const mark = node['x-sensitive'];
    if (!isSensitiveKind(mark) || path.length === 0) return true;
    found.set(path.join('/'), { path, kind: mark });
    return false;
  });
  return [...found.values()];
}

/**
 * The marked fields of several versions of a schema, each path once with its mark in the first
 * schema that marks it (a mark is for a field's whole life: form-rules/sensitive-marks.ts).
 */
export function sensitiveFieldsOfSchemas(schemas: readonly Node[]): SensitiveField[] {
  const found = new Map<string, SensitiveField>();
  for (const schema of schemas)
    for (const field of sensitiveFieldsOfSchema(schema)) {
      const key = field.path.join('/');
      if (!found.has(key)) found.set(key, field);
    }
  return [...found.values()];
}

/**
 * Applies `change` to every value at the path (arrays fanned out by `*`) and returns a copy;
 * the input is never mutated. `change` returning undefined removes the value.
 */
export function mapAtPath(document: unknown, path: readonly string[], change: (value: unknown) => unknown): unknown {
  if (path.length === 0) return change(document);
  const [head, ...rest] = path as [string, ...string[]];
  if (head === '*') return Array.isArray(document) ? document.map((item) => mapAtPath(item, rest, change)) : document;
  if (!isPlainObject(document) || !(head in document)) return document;
  const next = mapAtPath(document[head], rest, change);
  const copy: Node = { ...document };
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy;
}

/** Every value at the path. */
export function valuesAtPath(document: unknown, path: readonly string[]): unknown[] {
  const out: unknown[] = [];
  mapAtPath(document, path, (value) => {
    out.push(value);
    return value;
  });
  return out;
}

/**
 * An ID or passport number as default views show it: first 6 + asterisks + last 4
 * (370202********1234, as the stored `id_number_masked` columns have always been); shorter
 * document numbers (passports) keep less in clear so that most of the number is still hidden.
 */
export function maskIdNumber(idNumber: string): string {
  const value = idNumber.trim();
  if (value.length > 10) return `${value.slice(0, 6)}${'*'.repeat(value.length - 10)}${value.slice(-4)}`;
  if (value.length >= 5) return `${value.slice(0, 2)}${'*'.repeat(value.length - 4)}${value.slice(-2)}`;
  return '*'.repeat(value.length);
}

/** A mobile as default views show it: first 3 and last 4 (138****0007). */
export function maskMobile(mobile: string): string {
  const value = mobile.trim();
  if (value.length >= 8) return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
  return '*'.repeat(value.length);
}

export function maskValue(kind: SensitiveKind, value: string): string {
  return kind === 'idNumber' ? maskIdNumber(value) : maskMobile(value);
}

/** A value as a mask leaves it (no valid ID number or mobile holds an asterisk). */
export const looksMasked = (value: unknown): boolean => typeof value === 'string' && value.includes('*');

/** The document with every marked string value masked (already masked values stay as they are). */
export function maskDocument<T>(document: T, fields: readonly SensitiveField[]): T {
  let out: unknown = document;
  for (const { path, kind } of fields) {
    out = mapAtPath(out, path, (value) =>
      typeof value === 'string' && value !== '' && !looksMasked(value) ? maskValue(kind, value) : value,
    );
  }
  return out as T;
}

/** The document without any marked field (what a browser draft may keep). */
export function withoutSensitive<T>(document: T, fields: readonly SensitiveField[]): T {
  let out: unknown = document;
  for (const { path } of fields) out = mapAtPath(out, path, () => undefined);
  return out as T;
}

/**
 * A saved edit that sends back the mask it was shown keeps the stored value: the masked form
 * is never stored as the number (a changed value, even one with an asterisk, is left to
 * validation, which refuses it). Top-level and nested fields alike; arrays by position.
 */
export function restoreUnchangedMasks<T>(submitted: T, stored: unknown, fields: readonly SensitiveField[]): T {
  let out: unknown = submitted;
  for (const { path, kind } of fields) {
    if (path.includes('*')) continue; // list items have no stable identity to match by
    const [storedValue] = valuesAtPath(stored, path);
    if (typeof storedValue !== 'string') continue;
    out = mapAtPath(out, path, (value) => (looksMasked(value) && value === maskValue(kind, storedValue) ? storedValue : value));
  }
  return out as T;
}
