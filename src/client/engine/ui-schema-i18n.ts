import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { translateKey } from '../i18n/translate-key';

type SchemaNode = RJSFSchema & { 'x-i18n'?: string; 'x-enum-i18n'?: string[]; 'x-i18n-help'?: string };

/** Follows a local `#/definitions/...` reference of the bundled schema. */
export function resolveLocalRef(node: SchemaNode, root: RJSFSchema): SchemaNode {
  let current = node;
  for (let depth = 0; depth < 10 && typeof current.$ref === 'string' && current.$ref.startsWith('#/'); depth++) {
    const path = current.$ref.slice(2).split('/');
    let target: unknown = root;
    for (const segment of path) target = (target as Record<string, unknown> | undefined)?.[segment];
    if (!target || typeof target !== 'object') break;
    // keywords next to the $ref (x-i18n of the field) win over the definition's
    const { $ref: _ref, ...siblings } = current;
    current = { ...(target as SchemaNode), ...siblings };
  }
  return current;
}

function mergeUi(base: UiSchema | undefined, extra: UiSchema): UiSchema {
  return { ...extra, ...(base ?? {}) };
}

/**
 * The UI schema with translated titles, help and enum labels, built from the schema's
 * `x-i18n` / `x-enum-i18n` keywords. The schema object itself is never copied or changed:
 * the precompiled validator is bound to it.
 */
export function translatedUiSchema(schema: RJSFSchema, base: UiSchema = {}, root: RJSFSchema = schema): UiSchema {
  const node = resolveLocalRef(schema as SchemaNode, root);
  const extra: UiSchema = {};
  if (node['x-i18n']) extra['ui:title'] = translateKey(node['x-i18n']);
  if (node['x-i18n-help']) extra['ui:help'] = translateKey(node['x-i18n-help']);
  if (Array.isArray(node['x-enum-i18n'])) extra['ui:enumNames'] = node['x-enum-i18n'].map((key) => translateKey(key));
  const result = mergeUi(base, extra);
  if (node.properties) {
    for (const [name, child] of Object.entries(node.properties)) {
      if (typeof child !== 'object' || child === null) continue;
      result[name] = translatedUiSchema(child as RJSFSchema, (base[name] as UiSchema | undefined) ?? {}, root);
    }
  }
  if (node.items && typeof node.items === 'object' && !Array.isArray(node.items)) {
    result.items = translatedUiSchema(node.items as RJSFSchema, (base.items as UiSchema | undefined) ?? {}, root);
  }
  return result;
}
