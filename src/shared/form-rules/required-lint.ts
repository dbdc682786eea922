/**
 * Every name a `required` lists must be a property of the object it applies to. On an object
 * closed by `additionalProperties: false` a required name without its property refuses every
 * document (the name is both missing and not allowed); on an open one it is a typo nothing
 * reports. Checked in every schema, whether or not a demo record covers it.
 *
 * The object a `required` applies to is described by its own schema and by every schema applying
 * to the same value: the schema whose `allOf`/`anyOf`/`oneOf`/`if`/`then`/`else`/`not`/`dependencies`
 * holds it, the sibling branches, and a `$ref`'d definition. So `"then": {"required": ["x"]}` is
 * fine when the enclosing object has `x` under `properties`. A name matched by `patternProperties`
 * counts as a property. A closing schema (`additionalProperties: false`) met unconditionally
 * (the object's own, its `$ref`'s, an `allOf` entry's) allows only its own properties, as ajv
 * applies it.
 */
import { problem } from './problem.js';
import { DEFINITIONS_FILE, type JsonSchema, type SourceSchema } from './bundle.js';
import { escapePointerToken, unescapePointerToken } from '../json-pointer.js';

/** Keywords whose schemas apply to the same value as the schema holding them. */
const SAME_VALUE_KEYS = ['if', 'then', 'else', 'not'];
const SAME_VALUE_LIST_KEYS = ['allOf', 'anyOf', 'oneOf'];
/** Keywords whose schemas apply to another value (a property, an item, a definition's user). */
const OTHER_VALUE_KEYS = ['items', 'additionalProperties', 'additionalItems', 'contains', 'propertyNames'];
const OTHER_VALUE_MAP_KEYS = ['properties', 'patternProperties', 'definitions'];

function isSchema(value: unknown): value is JsonSchema {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

/** Names a schema lets the object have: its properties and the patterns of its patternProperties. */
interface Names {
  names: Set<string>;
  patterns: RegExp[];
}

/** What is known about the object a schema applies to. */
interface ObjectFacts extends Names {
  /** each schema closing the object (`additionalProperties: false`) allows only its own properties */
  closedBy: Names[];
}

function emptyFacts(): ObjectFacts {
  return { names: new Set(), patterns: [], closedBy: [] };
}

function merge(a: ObjectFacts, b: ObjectFacts): ObjectFacts {
  return {
    names: new Set([...a.names, ...b.names]),
    patterns: [...a.patterns, ...b.patterns],
    closedBy: [...a.closedBy, ...b.closedBy],
  };
}

function allows(names: Names, name: string): boolean {
  return names.names.has(name) || names.patterns.some((pattern) => pattern.test(name));
}

function safeRegExp(pattern: string): RegExp[] {
  try {
    return [new RegExp(pattern, 'u')];
  } catch {
    return []; // pattern-lint reports it
  }
}

/** Branches that may apply to the same value; their properties are names the object may have. */
function conditionalBranches(schema: JsonSchema): JsonSchema[] {
  const branches: JsonSchema[] = [];
  // a `not` branch's properties describe what the object must not be: no help in naming one
  for (const key of ['if', 'then', 'else']) if (isSchema(schema[key])) branches.push(schema[key]);
  for (const key of ['anyOf', 'oneOf']) {
    const list = schema[key];
    if (Array.isArray(list)) branches.push(...list.filter(isSchema));
  }
  return branches;
}

export function lintRequired(file: string, schema: JsonSchema, sources: SourceSchema[]): string[] {
  const shared = sources.find((source) => source.file === DEFINITIONS_FILE)?.schema ?? {};
  const problems: string[] = [];

  const resolve = (ref: string): JsonSchema | undefined => {
    const hash = ref.indexOf('#');
    const target = hash < 0 ? ref : ref.slice(0, hash);
    const tokens = (hash < 0 ? '' : ref.slice(hash + 1))
      .split('/')
      .filter(Boolean)
      .map((token) => unescapePointerToken(decodeURIComponent(token)));
    const walk = (root: unknown): unknown => tokens.reduce<unknown>((node, token) => (isSchema(node) ? node[token] : undefined), root);
    // an unresolved reference is ref-lint's to report; a local definition falls back to the shared ones, as bundling does
    const found = target === DEFINITIONS_FILE ? walk(shared) : (walk(schema) ?? walk(shared));
    return isSchema(found) ? found : undefined;
  };

  /** The properties a schema gives the object it applies to: its own, its reference's and its branches'. */
  const factsOf = (node: JsonSchema, unconditional = true, seen: Set<JsonSchema> = new Set()): ObjectFacts => {
    if (seen.has(node)) return emptyFacts();
    seen.add(node);
    const own: Names = {
      names: new Set(isSchema(node.properties) ? Object.keys(node.properties) : []),
      patterns: isSchema(node.patternProperties) ? Object.keys(node.patternProperties).flatMap(safeRegExp) : [],
    };
    let facts: ObjectFacts = { ...own, closedBy: unconditional && node.additionalProperties === false ? [own] : [] };
    const target = typeof node.$ref === 'string' ? resolve(node.$ref) : undefined;
    if (target) facts = merge(facts, factsOf(target, unconditional, seen));
    if (Array.isArray(node.allOf)) for (const part of node.allOf.filter(isSchema)) facts = merge(facts, factsOf(part, unconditional, seen));
    for (const branch of conditionalBranches(node)) facts = merge(facts, factsOf(branch, false, seen));
    return facts;
  };

  const visit = (node: JsonSchema, pointer: string, context: ObjectFacts): void => {
    const facts = merge(context, factsOf(node));
    if (Array.isArray(node.required)) {
      node.required.forEach((name: unknown, index) => {
        if (typeof name !== 'string') return; // the draft-07 meta-schema check reports it
        const closing = facts.closedBy.find((names) => !allows(names, name));
        if (allows(facts, name) && !closing) return;
        const known = [...(closing ?? facts).names].sort();
        problems.push(
          problem(
            file,
            `${pointer}/required/${index}`,
            `required names "${name}", which is not a property of the object here${
              closing ? ' (additionalProperties is false, so every document would be refused)' : ''
            }`,
            `Add "${name}" under "properties" (with its label in both locales), or correct the name${
              known.length > 0 ? ` to one of: ${known.join(', ')}` : ''
            }`,
          ),
        );
      });
    }
    for (const key of SAME_VALUE_KEYS) if (isSchema(node[key])) visit(node[key], `${pointer}/${key}`, facts);
    for (const key of SAME_VALUE_LIST_KEYS) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach((child, i) => isSchema(child) && visit(child, `${pointer}/${key}/${i}`, facts));
    }
    if (isSchema(node.dependencies)) {
      for (const [name, child] of Object.entries(node.dependencies))
        if (isSchema(child)) visit(child, `${pointer}/dependencies/${escapePointerToken(name)}`, facts);
    }
    for (const key of OTHER_VALUE_KEYS) {
      const child = node[key];
      if (isSchema(child)) visit(child, `${pointer}/${key}`, emptyFacts());
      else if (Array.isArray(child)) child.forEach((item, i) => isSchema(item) && visit(item, `${pointer}/${key}/${i}`, emptyFacts()));
    }
    for (const key of OTHER_VALUE_MAP_KEYS) {
      const map = node[key];
      if (!isSchema(map)) continue;
      for (const [name, child] of Object.entries(map))
        if (isSchema(child)) visit(child, `${pointer}/${key}/${escapePointerToken(name)}`, emptyFacts());
    }
  };

  visit(schema, '#', emptyFacts());
  return problems;
}
