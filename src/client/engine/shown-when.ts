import type { FieldProps, UiSchema } from '@rjsf/utils';

type Data = Record<string, unknown>;

/** Renders nothing: the field of a hidden entry (its FieldTemplate is hidden too, so no label). */
function AbsentField(_props: FieldProps) {
  return null;
}

function conditionOf(entry: unknown): Record<string, unknown> | null {
  if (!entry || typeof entry !== 'object') return null;
  const options = (entry as UiSchema)['ui:options'];
  const shownWhen = options && typeof options === 'object' ? (options as Record<string, unknown>).shownWhen : undefined;
  return shownWhen && typeof shownWhen === 'object' && !Array.isArray(shownWhen) ? (shownWhen as Record<string, unknown>) : null;
}

/**
 * Top-level fields whose UI schema says `"ui:options": { "shownWhen": { "speaker": true } }`
 * and whose condition the data does not meet (every named field must hold its value): a field
 * that only matters after another answer is not offered before it (speech materials before
 * 演讲嘉宾 is ticked). The names are checked against the schema by codegen (ui-schema-lint).
 */
export function hiddenFieldsOf(uiSchema: UiSchema, data: Data): string[] {
  return Object.entries(uiSchema)
    .filter(([key, entry]) => {
      if (key.startsWith('ui:')) return false;
      const condition = conditionOf(entry);
      return condition !== null && Object.entries(condition).some(([field, value]) => data[field] !== value);
    })
    .map(([key]) => key);
}

/** The UI schema with those fields rendered as nothing. */
export function withHiddenFields(uiSchema: UiSchema, hidden: readonly string[]): UiSchema {
  if (hidden.length === 0) return uiSchema;
  const next: UiSchema = { ...uiSchema };
  for (const name of hidden) next[name] = { ...(uiSchema[name] as UiSchema), 'ui:widget': 'hidden', 'ui:field': AbsentField };
  return next;
}

/** The data without the values of hidden fields (a file uploaded, then 演讲嘉宾 unticked, is not sent). */
export function withoutHiddenValues(data: Data, hidden: readonly string[]): Data {
  if (hidden.length === 0) return data;
  return Object.fromEntries(Object.entries(data).filter(([key]) => !hidden.includes(key)));
}

export function sameFields(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, index) => name === b[index]);
}
