import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { resolveLocalRef } from '../ui-schema-i18n';

/** The widgets a lean form draws; anything else needs the RJSF runtime (codegen refuses it). */
export const LEAN_WIDGETS = ['text', 'password', 'email', 'hidden', 'imageCode', 'messageCode'] as const;
export type LeanWidget = (typeof LEAN_WIDGETS)[number];

export interface LeanField {
  name: string;
  label: string;
  required: boolean;
  widget: LeanWidget;
  /** ui:options of the field (the code widgets read their sibling fields' names there) */
  options: Record<string, unknown>;
  autoComplete?: string;
  autoFocus: boolean;
}

function isLeanWidget(value: unknown): value is LeanWidget {
  return (LEAN_WIDGETS as readonly unknown[]).includes(value);
}

/** `ui:order` with `*` standing for every property it does not name (RJSF's rule). */
function ordered(names: string[], order: unknown): string[] {
  if (!Array.isArray(order)) return names;
  const named = order.filter((name): name is string => typeof name === 'string' && name !== '*');
  const rest = names.filter((name) => !named.includes(name));
  const result: string[] = [];
  for (const entry of order) {
    if (entry === '*') result.push(...rest);
    else if (typeof entry === 'string' && names.includes(entry)) result.push(entry);
  }
  return order.includes('*') ? result : [...result, ...rest];
}

/**
 * The fields of a flat form of text inputs (sign-in): every property a string, drawn by one of
 * LEAN_WIDGETS. Throws on anything else, so a declaration marked `lean` never renders half a form.
 * `uiSchema` is the translated one (ui-schema-i18n.ts): its ui:title is the label.
 */
export function leanFields(schema: RJSFSchema, uiSchema: UiSchema): LeanField[] {
  const root = resolveLocalRef(schema, schema);
  if (root.type !== 'object' || !root.properties) throw new Error('a lean form needs an object schema with properties');
  const required = new Set(Array.isArray(root.required) ? root.required : []);
  return ordered(Object.keys(root.properties), uiSchema['ui:order']).map((name) => {
    const property = resolveLocalRef(root.properties![name] as RJSFSchema, schema);
    if (property.type !== 'string') throw new Error(`lean form field "${name}" is not a string`);
    const ui = (uiSchema[name] ?? {}) as UiSchema;
    const widget = ui['ui:widget'] ?? 'text';
    if (!isLeanWidget(widget)) throw new Error(`lean form field "${name}" uses widget "${String(widget)}"`);
    const title = ui['ui:title'];
    return {
      name,
      label: typeof title === 'string' && title !== '' ? title : (property.title ?? name),
      required: required.has(name),
      widget,
      options: (ui['ui:options'] ?? {}) as Record<string, unknown>,
      autoComplete: typeof ui['ui:autocomplete'] === 'string' ? ui['ui:autocomplete'] : undefined,
      autoFocus: ui['ui:autofocus'] === true,
    };
  });
}
