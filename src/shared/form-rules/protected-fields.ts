/**
 * Fields the code reads carry `x-protected: true` in the repository's schemas. A form version may
 * relabel such a field, move it, give it help text and tighter limits within the repository's
 * bounds, but not drop, rename or retype it: the repository's bundled schema is the bound, the
 * version's bundled schema is checked against it. Problems are codegen's lines
 * (`schemas/<name>.json#<pointer>: what. What to do`).
 */
import { problem } from './problem.js';
import type { JsonSchema } from './bundle.js';
import { escapePointerToken, followLocalRefs, unescapePointerToken } from '../json-pointer.js';
import { isPlainObject } from '../plain-object.js';

type Node = Record<string, unknown>;

/** The node and every part that always applies to the same value: `$ref` targets and `allOf` parts. */
function parts(node: unknown, root: JsonSchema, out: Node[] = []): Node[] {
  if (!isPlainObject(node) || out.includes(node)) return out;
  out.push(node);
  if (typeof node.$ref === 'string') parts(followLocalRefs(node, root), root, out);
  if (Array.isArray(node.allOf)) for (const part of node.allOf) parts(part, root, out);
  return out;
}

/** Every protected property, by pointer (`/properties/mobile`, `/properties/address/properties/city`). */
export function protectedFields(schema: JsonSchema, root: JsonSchema = schema, pointer = ''): Map<string, Node> {
  const found = new Map<string, Node>();
  for (const part of parts(schema, root)) {
    if (!isPlainObject(part.properties)) continue;
    for (const [name, child] of Object.entries(part.properties)) {
      const at = `${pointer}/properties/${escapePointerToken(name)}`;
      if (parts(child, root).some((p) => p['x-protected'] === true)) found.set(at, child as Node);
      for (const [inner, node] of protectedFields(child as JsonSchema, root, at)) found.set(inner, node);
    }
  }
  return found;
}

function nodeAt(schema: JsonSchema, pointer: string): Node | undefined {
  let node: unknown = schema;
  const tokens = pointer.split('/').slice(1);
  for (let i = 0; i < tokens.length; i += 2) {
    const name = unescapePointerToken(tokens[i + 1] ?? '');
    const owner = parts(node, schema).find((part) => isPlainObject(part.properties) && name in (part.properties as Node));
    node = owner ? (owner.properties as Node)[name] : undefined;
    if (node === undefined) return undefined;
  }
  return isPlainObject(node) ? node : undefined;
}

function requiredAt(schema: JsonSchema, pointer: string): boolean {
  const tokens = pointer.split('/');
  const name = unescapePointerToken(tokens.pop() ?? '');
  tokens.pop();
  const owner = tokens.length > 1 ? nodeAt(schema, tokens.join('/')) : schema;
  return parts(owner, schema).some((part) => Array.isArray(part.required) && part.required.includes(name));
}

/** The keywords that say what a value is: changing any of them retypes the field. */
const KIND_KEYWORDS = ['type', 'format', 'enum', 'const', 'x-sensitive', 'x-upload', 'items'];
/** Upper bounds (only lowered) and lower bounds (only raised). */
const UPPER = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems'];
const LOWER = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems'];

function merged(node: Node, root: JsonSchema, keyword: string): unknown[] {
  return parts(node, root)
    .map((part) => part[keyword])
    .filter((value) => value !== undefined);
}

function kindOf(node: Node, root: JsonSchema): string {
  return JSON.stringify(
    KIND_KEYWORDS.map((keyword) => {
      const values = merged(node, root, keyword);
      return keyword === 'items' ? values.map((items) => kindOf(items as Node, root)) : values;
    }),
  );
}

/** The problems of `draft` (bundled) against the repository's `bound` (bundled) for the protected fields. */
export function protectedFieldProblems(file: string, bound: JsonSchema, draft: JsonSchema): string[] {
  const problems: string[] = [];
  for (const [pointer, boundNode] of protectedFields(bound)) {
    const at = (suffix: string) => `#${pointer}${suffix}`;
    const node = nodeAt(draft, pointer);
    const name = pointer.split('/').pop() ?? '';
    if (!node) {
      problems.push(
        problem(
          file,
          at(''),
          `protected field "${name}" is missing (dropped or renamed)`,
          "Put it back under its name: the portal's code reads it; relabel or move it instead",
        ),
      );
      continue;
    }
    if (!parts(node, draft).some((part) => part['x-protected'] === true))
      problems.push(problem(file, at('/x-protected'), `protected field "${name}" lost its mark`, 'Keep "x-protected": true on it'));
    if (kindOf(node, draft) !== kindOf(boundNode, bound))
      problems.push(
        problem(
          file,
          at(''),
          `protected field "${name}" changed its type, format or choices`,
          'Keep its type, format, choices and upload rule as the repository has them; only labels, help, order and tighter limits may change',
        ),
      );
    for (const keyword of [...UPPER, ...LOWER]) {
      const limits = merged(boundNode, bound, keyword).filter((v): v is number => typeof v === 'number');
      if (limits.length === 0) continue;
      const bounded = UPPER.includes(keyword) ? Math.min(...limits) : Math.max(...limits);
      const own = merged(node, draft, keyword).filter((v): v is number => typeof v === 'number');
      const value = own.length === 0 ? undefined : UPPER.includes(keyword) ? Math.min(...own) : Math.max(...own);
      const looser = value === undefined || (UPPER.includes(keyword) ? value > bounded : value < bounded);
      if (looser)
        problems.push(
          problem(
            file,
            at(`/${keyword}`),
            `${keyword} of protected field "${name}" is ${value ?? 'gone'}, looser than the repository's ${bounded}`,
            `Keep ${keyword} ${UPPER.includes(keyword) ? 'at most' : 'at least'} ${bounded}`,
          ),
        );
    }
    const patterns = merged(boundNode, bound, 'pattern');
    const ownPatterns = merged(node, draft, 'pattern');
    if (patterns.some((pattern) => !ownPatterns.includes(pattern)))
      problems.push(
        problem(
          file,
          at('/pattern'),
          `the pattern of protected field "${name}" changed`,
          `Keep the repository's pattern ${JSON.stringify(patterns[0])}`,
        ),
      );
    if (requiredAt(bound, pointer) && !requiredAt(draft, pointer))
      problems.push(
        problem(
          file,
          at(''),
          `protected field "${name}" is no longer required`,
          'Keep it under "required": the code relies on it being there',
        ),
      );
  }
  return problems;
}
