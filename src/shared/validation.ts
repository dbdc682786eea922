/**
 * validateDocument: runs the PRECOMPILED validator of a schema (no ajv compile at run time) and
 * turns ajv errors into field errors: JSON pointer + i18n key + params for interpolation, plus the
 * i18n key of the field's label (so a joined message can say which field is wrong).
 * Used by the server for every body/query/params, and by the conformance runner.
 *
 * Noise removed: `if` errors ("must match then schema") repeat the real error of the branch,
 * and the branch errors of an anyOf/oneOf are replaced by the anyOf/oneOf error itself (whose
 * x-messages says what is wanted, e.g. "a logo or a wish message").
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { rootSchemas, rootValidators } from '../generated/validator-map.js';
import type { SchemaName } from '../generated/registry.js';
import { keywordOf, labelKeyAt, messageKeyForAjvError, pointerForAjvError } from './validation-messages.js';
import { UNSAFE_CHARACTER_KEY, unsafeStringPointers } from './unsafe-strings.js';

export interface FieldError {
  /** JSON pointer of the failing field ('' = the whole document) */
  pointer: string;
  /** i18n key of the message, namespace first ('validation.mobile') */
  key: string;
  /** interpolation values of the message (ajv params, e.g. { limit: 100 }) */
  params: Record<string, unknown>;
  /** i18n key of the failing field's label ('schema.fields.mobile'), when the schema names one */
  label?: string;
}

export type ValidationResult = { valid: true } | { valid: false; errors: FieldError[] };

const COMPOSITES = new Set(['anyOf', 'oneOf']);

export function fieldErrorsOf(errors: readonly ErrorObject[], rootSchema?: unknown): FieldError[] {
  const compositePaths = errors.filter((e) => COMPOSITES.has(e.keyword)).map((e) => `${e.schemaPath}/`);
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const error of errors) {
    if (keywordOf(error) === 'if') continue;
    if (compositePaths.some((prefix) => error.schemaPath.startsWith(prefix))) continue;
    const pointer = pointerForAjvError(error);
    const fieldError: FieldError = {
      pointer,
      key: messageKeyForAjvError(error, rootSchema),
      params: { ...(error.params as Record<string, unknown>) },
    };
    const label = rootSchema ? labelKeyAt(rootSchema, pointer) : undefined;
    if (label) fieldError.label = label;
    const id = `${fieldError.pointer}\u0000${fieldError.key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    result.push(fieldError);
  }
  return result;
}

/** `live`: the published version of a form when it is not the build's (the server's live forms). */
export function validateDocument(
  name: SchemaName,
  data: unknown,
  live?: { validate: ValidateFunction; schema: Record<string, unknown> },
): ValidationResult {
  const validate = live?.validate ?? rootValidators[name];
  if (!validate) throw new Error(`no precompiled validator for schema "${name}"`);
  const rootSchema = live?.schema ?? rootSchemas[name];
  const unsafe = unsafeStringPointers(data);
  if (unsafe.length > 0) {
    return {
      valid: false,
      errors: unsafe.map((pointer) => withLabel({ pointer, key: UNSAFE_CHARACTER_KEY, params: {} }, rootSchema)),
    };
  }
  if (validate(data)) return { valid: true };
  return { valid: false, errors: fieldErrorsOf(validate.errors ?? [], rootSchema) };
}

function withLabel(error: FieldError, rootSchema: unknown): FieldError {
  try {
    const label = labelKeyAt(rootSchema, error.pointer);
    return label ? { ...error, label } : error;
  } catch {
    // a key that is not valid percent-encoding: no label, the message still names the problem
    return error;
  }
}
