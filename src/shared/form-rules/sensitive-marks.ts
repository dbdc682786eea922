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
import { sensitiveFieldsOfSchemas, walkSchemaFields } from '../sensitive-fields.js';
import type { JsonSchema } from './bundle.js';
import { escapePointerToken } from '../json-pointer.js';

const pointerOf = (path: readonly string[]): string =>
  `/schema${path.map((part) => (part === '*' ? '/items' : `/properties/${escapePointerToken(part)}`)).join('')}`;

/** Every field of a bundled schema by its path (`a/b`, `list/*`), with the nodes that apply to it. */
function fieldsOf(schema: JsonSchema): Map<string, Record<string, unknown>[]> {
  const found = new Map<string, Record<string, unknown>[]>();
  walkSchemaFields(schema, (node, path) => {
    if (path.length > 0) found.set(path.join('/'), [...(found.get(path.join('/')) ?? []), node]);
  });
  return found;
}

const marksOf = (schemas: readonly JsonSchema[]): Map<string, string> =>
  new Map(sensitiveFieldsOfSchemas(schemas).map((field) => [field.path.join('/'), field.kind]));

/**
 * The problems of a version's marks, `earlier` being the repository's bundled schema and those of
 * every version the database stores (published or retired: records were saved under them).
 */
export function sensitiveMarkProblems(bundled: JsonSchema, earlier: readonly JsonSchema[]): FormProblem[] {
  const earlierFields = new Set(earlier.flatMap((schema) => [...fieldsOf(schema).keys()]));
  const earlierMarks = marksOf(earlier);
  const marks = marksOf([bundled]);
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
