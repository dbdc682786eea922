import type { FieldLimits, FieldSpec } from './field-spec';

/**
 * Why an edit is refused: each reason is a message key `forms.refused.<reason>` that says what
 * happened and what to do instead (the server's check answers the same edits the same way).
 */
export type RefusalReason =
  | 'protectedDrop'
  | 'protectedRename'
  | 'protectedKind'
  | 'protectedPattern'
  | 'protectedOptions'
  | 'protectedUpload'
  | 'protectedRequired'
  | 'protectedLoosen'
  | 'nameInvalid'
  | 'nameTaken'
  | 'labelMissing'
  | 'optionsNeeded'
  | 'optionInvalid'
  | 'optionDuplicate'
  | 'optionLabelMissing'
  | 'limitOrder'
  | 'patternLength'
  | 'requiredWhenSource'
  | 'uploadRuleMissing'
  | 'sensitivePatternChange'
  | 'unknownField';

export interface Refusal {
  field: string;
  reason: RefusalReason;
  /** the limit concerned, for protectedLoosen, limitOrder and patternLength */
  limit?: string;
}

/** Lower bounds may only rise, upper bounds only fall. */
const LOWER: readonly (keyof FieldLimits)[] = ['minLength', 'minimum', 'minItems'];
const UPPER: readonly (keyof FieldLimits)[] = ['maxLength', 'maximum', 'maxItems'];

function sameOptions(a: FieldSpec, b: FieldSpec): boolean {
  return a.options.length === b.options.length && a.options.every((option, index) => option.value === b.options[index]?.value);
}

/**
 * What a protected field may not become: code reads it, so its name, kind, format, choices and
 * upload rule stay; its limits may only tighten within the repository's `bounds`; a required
 * field stays required. Labels, help, place and a "required only when" are the organiser's.
 */
export function protectedRefusals(before: FieldSpec, after: FieldSpec, bounds: FieldLimits): Refusal[] {
  if (!before.protected) return [];
  const field = before.name;
  const refusals: Refusal[] = [];
  if (after.name !== before.name) refusals.push({ field, reason: 'protectedRename' });
  if (after.kind !== before.kind) refusals.push({ field, reason: 'protectedKind' });
  if (after.pattern !== before.pattern) refusals.push({ field, reason: 'protectedPattern' });
  if (!sameOptions(before, after)) refusals.push({ field, reason: 'protectedOptions' });
  if (after.uploadRule !== before.uploadRule) refusals.push({ field, reason: 'protectedUpload' });
  if (before.required && !after.required) refusals.push({ field, reason: 'protectedRequired' });
  for (const limit of LOWER) {
    const bound = bounds[limit];
    const value = after.limits[limit];
    if (bound !== undefined && (value === undefined || value < bound)) refusals.push({ field, reason: 'protectedLoosen', limit });
  }
  for (const limit of UPPER) {
    const bound = bounds[limit];
    const value = after.limits[limit];
    if (bound !== undefined && (value === undefined || value > bound)) refusals.push({ field, reason: 'protectedLoosen', limit });
  }
  return refusals;
}

/** Why a protected field cannot be dropped (none for the organiser's own fields). */
export function dropRefusals(field: FieldSpec): Refusal[] {
  return field.protected ? [{ field: field.name, reason: 'protectedDrop' }] : [];
}
