import type { Executor } from '../db/database.js';
import { RequestValidationError } from '../http/request-validation.js';

/**
 * Documents keep only file ids; the upload service checked the file against its rule. Here: the
 * id exists, was uploaded by the same unit (a unit cannot attach another unit's files), and
 * under which rule. Answers id -> rule name (photo, businessCard...).
 */
export async function filesOfUnit(executor: Executor, unitId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .selectFrom('uploads')
    .select(['id', 'rule_name'])
    .where('id', 'in', ids)
    .where('unit_id', '=', unitId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.rule_name]));
}

type BundledSchema = {
  properties?: Record<string, { $ref?: string }>;
  definitions?: Record<string, Record<string, unknown>>;
};

/**
 * The file fields of a bundled schema and the upload rule each names: a field whose `$ref` is a
 * definition holding `x-upload` (photo, businessCard, logo...). Read from the schema as it is
 * live, so a file field an organiser adds in the console is checked like the repository's.
 */
export function uploadFieldRules(schema: Record<string, unknown>): Map<string, string> {
  const { properties, definitions } = schema as BundledSchema;
  const rules = new Map<string, string>();
  for (const [field, property] of Object.entries(properties ?? {})) {
    const name = property.$ref?.replace('#/definitions/', '');
    if (name && definitions?.[name]?.['x-upload']) rules.set(field, name);
  }
  return rules;
}

/**
 * The file fields of `document` that do not hold a file this unit uploaded under the field's
 * rule (an empty field is not checked: the schema says whether it is required).
 */
export async function misplacedFiles(
  executor: Executor,
  unitId: string,
  schema: Record<string, unknown>,
  document: Record<string, unknown>,
): Promise<string[]> {
  const filled = [...uploadFieldRules(schema)].filter(([field]) => typeof document[field] === 'string');
  const found = await filesOfUnit(
    executor,
    unitId,
    filled.map(([field]) => document[field] as string),
  );
  return filled.filter(([field, rule]) => found.get(document[field] as string) !== rule).map(([field]) => field);
}

/** Refuses (400, on each field) a document whose file fields do not hold this unit's uploads under their rules. */
export async function assertFilesInPlace(
  executor: Executor,
  unitId: string,
  schema: Record<string, unknown>,
  document: Record<string, unknown>,
): Promise<void> {
  const misplaced = await misplacedFiles(executor, unitId, schema, document);
  if (misplaced.length > 0)
    throw new RequestValidationError(
      misplaced.map((field) => ({ pointer: `/${field}`, key: 'validation.fileRef', params: {} })),
      'body',
    );
}
