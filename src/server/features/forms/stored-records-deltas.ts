/**
 * The compiled deltas of a draft's stored-records diff (schema-delta.ts): per version a record
 * was saved under, the schema of what the draft changed since, compiled with codegen's options,
 * and whether a checked field is sealed (then the record is opened before the check; otherwise
 * its ID number and mobile stay sealed). Kept per content, like the full validators.
 */
import { createHash } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import type { RecordDelta } from '../../schema-versions/stored-records-diff.js';
import { schemaDelta } from '../../schema-versions/schema-delta.js';
import { sensitiveFields } from '../../security/sensitive-fields.js';
import { formValidatorCode, importFormValidator } from './form-validator-code.js';

const KEPT = 32;

/**
 * The delta from `stored` (the bundled schema a record was saved under) to `target` (the draft's),
 * or null when the change cannot be isolated: such records get the full check.
 */
export async function recordDeltaOf(
  formName: string,
  stored: Record<string, unknown> | undefined,
  target: Record<string, unknown>,
  /** compiled delta validators by the sha256 of their schema (the caller's, bounded here) */
  compiled: Map<string, ValidateFunction>,
): Promise<RecordDelta | null> {
  if (!stored) return null;
  const delta = schemaDelta(stored, target);
  if (!delta) return null;
  const sealed = new Set(sensitiveFields(formName).map((field) => field.path[0]));
  // keyed by the delta's content: its compile (ajv's code generation) is the costly part
  const key = createHash('sha256').update(JSON.stringify(delta.schema)).digest('hex');
  let validate = compiled.get(key);
  if (!validate) {
    try {
      const { code } = formValidatorCode(`${formName} (changed fields)`, delta.schema);
      validate = await importFormValidator(code, String(delta.schema.$id));
    } catch {
      return null; // what the delta cannot compile on its own, the full check can
    }
    if (!validate) return null;
    if (compiled.size >= KEPT) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, validate);
  }
  return { validate, known: delta.known, opens: delta.checked.some((name) => sealed.has(name)) };
}
