/**
 * The `x-sensitive` marks a form version may carry. The server seals a marked field at rest and
 * masks it in every default view by the marks of the build and of every stored version
 * (src/server/security/sensitive-fields.ts). That holds only while a mark is for a field's whole
 * life: a field marked when it is added (its values are sealed from the first save), and marked
 * in every later version that has it. So a version may mark a new field (the editor marks a field
 * given the mobile pattern), but may not
 *  - mark a field an earlier version or the repository has unmarked: its stored values are in
 *    clear, and sealing only new saves would leave them so;
 *  - drop or change the mark of a field that had one: its stored values are sealed;
 *  - add a field with the mobile format and no mark: it would be stored and shown in clear.
 * Problems are `{ pointer, message }` in the check's `what. What to do` form.
 */
import type { FormProblem } from '../form-versions-api.js';
import { sensitiveFieldsOfSchema } from '../sensitive-fields.js';
import type { JsonSchema } from './bundle.js';
import { escapePointerToken } from './problem.js';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const pointerOf = (path: readonly string[]): string =>
  `/schema${path.map((part) => (part === '*' ? '/items' : `/properties/${escapePointerToken(part)}`)).join('')}`;

/** The node and the parts that always apply to the same value: in-document `$ref` targets and `allOf` parts. */
function parts(node: unknown, root: JsonSchema, out: Node[] = []): Node[] {
  if (!isNode(node) || out.includes(node) || out.length > 32) return out;
  out.push(node);
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/definitions/')) {
    const definitions = isNode(root.definitions) ? root.definitions : {};
    parts(definitions[ref.slice('#/definitions/'.length)], root, out);
  }
  if (Array.isArray(node.allOf)) for (const part of node.allOf) parts(part, root, out);
  return out;
}

/** Every field of a bundled schema by its path (`a/b`, `list/*`), with the parts that apply to it. */
function fieldsOf(schema: JsonSchema): Map<string, Node[]> {
  const found = new Map<string, Node[]>();
  const visit = (node: unknown, path: string[], depth: number): void => {
    if (depth > 16) return;
    const all = parts(node, schema);
    if (path.length > 0) found.set(path.join('/'), [...(found.get(path.join('/')) ?? []), ...all]);
    for (const part of all) {
      if (isNode(part.properties)) for (const [name, child] of Object.entries(part.properties)) visit(child, [...path, name], depth + 1);
      if (isNode(part.items)) visit(part.items, [...path, '*'], depth + 1);
      for (const branch of ['then', 'else']) if (isNode(part[branch])) visit(part[branch], path, depth + 1);
      for (const list of ['anyOf', 'oneOf'])
        if (Array.isArray(part[list])) for (const each of part[list] as unknown[]) visit(each, path, depth + 1);
    }
  };
  visit(schema, [], 0);
  return found;
}

const marksOf = (schema: JsonSchema): Map<string, string> =>
  new Map(sensitiveFieldsOfSchema(schema).map((field) => [field.path.join('/'), field.kind]));

/**
 * The problems of a version's marks, `earlier` being the repository's bundled schema and those of
 * every version the database stores (published or retired: records were saved under them).
 */
export function sensitiveMarkProblems(bundled: JsonSchema, earlier: readonly JsonSchema[]): FormProblem[] {
  const earlierFields = new Set<string>();
  const earlierMarks = new Map<string, string>();
  for (const schema of earlier) {
    for (const path of fieldsOf(schema).keys()) earlierFields.add(path);
    for (const [path, kind] of marksOf(schema)) if (!earlierMarks.has(path)) earlierMarks.set(path, kind);
  }
  const marks = marksOf(bundled);
  const problems: FormProblem[] = [];
  for (const [path, nodes] of fieldsOf(bundled)) {
    const pointer = pointerOf(path.split('/'));
    const mark = marks.get(path);
    const was = earlierMarks.get(path);
    if (was !== undefined && mark !== was)
      problems.push({
        pointer,
        message: `this field's x-sensitive "${was}" cannot be ${mark === undefined ? 'removed' : 'changed'}: its stored values are sealed as personal data. Keep the mark "${was}"`,
      });
    else if (mark !== undefined && was === undefined && earlierFields.has(path))
      problems.push({
        pointer,
        message: `x-sensitive "${mark}" cannot be added to a field an earlier version has: its stored values are in clear and would stay so. Leave the mark out, or add a new field with the mark`,
      });
    else if (mark === undefined && !earlierFields.has(path) && nodes.some((node) => node.format === 'mobile'))
      problems.push({
        pointer,
        message: `a new field with the mobile format is personal data and needs x-sensitive "mobile" (sealed at rest, masked in every default view). Add "x-sensitive": "mobile"`,
      });
  }
  return problems;
}
