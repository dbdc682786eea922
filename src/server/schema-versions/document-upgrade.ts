/**
 * Opening a record saved under an older schema version in the current one. Objects are closed
 * (`additionalProperties: false`), so a field the new version dropped would make the record
 * unsavable ("field not allowed" with nothing to clear). The validator of the new version itself
 * says which fields those are: they are taken out (and listed, with their old label when the old
 * version's record knows it), and what is still wrong (too long, newly required, ...) is
 * returned as field errors by pointer, for the form to flag. Nothing is guessed per schema.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { fieldErrorsOf, type FieldError } from '../../shared/validation.js';
import { labelKeyAt } from '../../shared/validation-messages.js';
import type { FieldErrorsOf } from './field-errors-memo.js';
import { escapePointerToken, unescapePointerToken } from '../../shared/json-pointer.js';

export interface DroppedField {
  /** JSON pointer of the field in the stored record */
  pointer: string;
  /** i18n key of its label in the version it was saved under, when known */
  label?: string;
  /** the value that is dropped (shown in the note so nothing is lost unseen) */
  value: unknown;
}

export interface RecordUpgrade {
  fromVersion: number;
  toVersion: number;
  /** the record as the current version can hold it: dropped fields removed */
  document: unknown;
  dropped: DroppedField[];
  /** what the current version still rejects in `document`, by field pointer */
  problems: FieldError[];
}

/** The current version of one schema, and access to its published older versions. */
export interface FormVersion {
  name: string;
  version: number;
  validate: ValidateFunction;
  schema: Record<string, unknown>;
  /** the bundled schema of a published version, if on record */
  published(version: number): Record<string, unknown> | undefined;
}

// a dropped field inside a branch that did not match is no verdict on the record
const BRANCH = /\/(anyOf|oneOf|not)\//;
const MAX_ROUNDS = 20;

function containerAt(document: unknown, instancePath: string): Record<string, unknown> | undefined {
  let node = document;
  for (const token of instancePath.split('/').slice(1).map(unescapePointerToken)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node !== null && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>) : undefined;
}

function additionalPropertyErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  return errors.filter((e) => e.keyword === 'additionalProperties' && !BRANCH.test(e.schemaPath));
}

export function upgradeDocument(stored: unknown, fromVersion: number, target: FormVersion): RecordUpgrade {
  const verdict = upgradeVerdict(stored, fromVersion, target);
  // always a copy: the caller may change it without touching what it passed in
  return { ...verdict, document: verdict.copied ? verdict.document : structuredClone(stored) };
}

/**
 * What upgradeDocument finds, without a copy of a record it has nothing to take out of (the
 * stored-records diff walks 100,000 records: most need no copy). `document` is `stored` itself
 * unless `copied`; the old version's schema is read only when a field is dropped (for its label).
 */
export function upgradeVerdict(
  stored: unknown,
  fromVersion: number,
  target: FormVersion,
  /** the translation of the version's errors (field-errors-memo.ts shares it between records that fail alike) */
  fieldErrors: FieldErrorsOf = fieldErrorsOf,
): Omit<RecordUpgrade, 'document'> & { document: unknown; copied: boolean } {
  let document = stored;
  let copied = false;
  const dropped: DroppedField[] = [];
  let oldSchema: Record<string, unknown> | undefined | null = null;
  // the verdict of the last validation of `document` as it is now (null: changed since)
  let valid: boolean | null = null;
  // removing one field can reveal another (a nested object is only checked once its parent passes)
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    valid = target.validate(document);
    if (valid) break;
    const extra = additionalPropertyErrors(target.validate.errors ?? []);
    if (extra.length === 0) break;
    if (!copied) {
      document = structuredClone(stored);
      copied = true;
    }
    for (const error of extra) {
      const property = String((error.params as { additionalProperty?: unknown }).additionalProperty);
      const container = containerAt(document, error.instancePath);
      if (!container || !Object.prototype.hasOwnProperty.call(container, property)) continue;
      const pointer = `${error.instancePath}/${escapePointerToken(property)}`;
      if (oldSchema === null) oldSchema = target.published(fromVersion);
      const label = oldSchema ? labelKeyAt(oldSchema, pointer) : undefined;
      dropped.push({ pointer, ...(label ? { label } : {}), value: container[property] });
      delete container[property];
    }
    valid = null;
  }
  if (valid === null) valid = target.validate(document);
  // the errors are still those of the last validation, which was of `document` as it is now
  const problems = valid ? [] : fieldErrors(target.validate.errors ?? [], target.schema);
  return { fromVersion, toVersion: target.version, document, copied, dropped, problems };
}
