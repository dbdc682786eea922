import type { ErrorSchema, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';

/**
 * An old record's flagged fields (engine/record-upgrade.ts) are RJSF `extraErrors`, which RJSF
 * never clears by itself. A flag is a problem the current validator found, so the same
 * validator says when the user has fixed it: `withoutFixedFlags` keeps only the flags whose
 * field the validator still refuses in the current data.
 */
type Node = ErrorSchema & { __errors?: string[] };

function isEmpty(node: Node): boolean {
  return !node.__errors?.length && Object.keys(node).every((key) => key === '__errors');
}

function prune(flags: Node, live: Node | undefined): Node | undefined {
  const out: Node = {} as Node;
  if (flags.__errors?.length && live?.__errors?.length) out.__errors = flags.__errors;
  for (const [key, child] of Object.entries(flags)) {
    if (key === '__errors' || !child || typeof child !== 'object') continue;
    const kept = prune(child as Node, (live as Record<string, unknown> | undefined)?.[key] as Node | undefined);
    if (kept) (out as Record<string, unknown>)[key] = kept;
  }
  return isEmpty(out) ? undefined : out;
}

/** The flags still true for `data`; the very same object when nothing changed (no re-render). */
export function withoutFixedFlags(
  flags: ErrorSchema | undefined,
  data: unknown,
  schema: RJSFSchema,
  validator: ValidatorType,
): ErrorSchema | undefined {
  if (!flags) return flags;
  const live = validator.validateFormData(data, schema).errorSchema as Node;
  const kept = prune(flags as Node, live);
  return JSON.stringify(kept) === JSON.stringify(flags) ? flags : kept;
}

/**
 * The UI schema with every top-level field read-only except those named (`editable`: names
 * joined by commas; all fields stay as they are when absent): a locked record opened to fix
 * only what a newer form version flags.
 */
export function withOnlyFieldsEditable(uiSchema: UiSchema, schema: RJSFSchema, editable: string | undefined): UiSchema {
  if (editable === undefined) return uiSchema;
  const open = new Set(editable.split(','));
  const out: UiSchema = { ...uiSchema };
  for (const name of Object.keys(schema.properties ?? {})) {
    if (!open.has(name)) out[name] = { ...((uiSchema[name] as UiSchema | undefined) ?? {}), 'ui:readonly': true };
  }
  return out;
}
