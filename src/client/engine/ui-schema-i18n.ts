import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { translateKey } from '../i18n/translate-key';
import { resolveField } from '../../shared/schema-field';

type SchemaNode = RJSFSchema & { 'x-i18n'?: string; 'x-enum-i18n'?: string[]; 'x-i18n-help'?: string };

/**
 * Follows a local `#/definitions/...` reference of the bundled schema, direct or wrapped in a
 * one-member `allOf` (the house rule for keywords beside a reference); keywords next to the
 * reference (the field's own x-i18n) win over the definition's. The one resolver of src/shared.
 */
export function resolveLocalRef(node: SchemaNode, root: RJSFSchema): SchemaNode {
  return (resolveField(root as Record<string, unknown>, node as Record<string, unknown>) ?? node) as SchemaNode;
}

function mergeUi(base: UiSchema | undefined, extra: UiSchema): UiSchema {
  return { ...extra, ...(base ?? {}) };
}

/**
 * The UI schema with translated titles, help and enum labels, built from the schema's
 * `x-i18n` / `x-enum-i18n` keywords. The schema object itself is never copied or changed:
 * the precompiled validator is bound to it.
 */
export function translatedUiSchema(
  schema: RJSFSchema,
  base: UiSchema = {},
  root: RJSFSchema = schema,
  { numberItems = false }: { numberItems?: boolean } = {},
): UiSchema {
  const node = resolveLocalRef(schema as SchemaNode, root);
  const extra: UiSchema = {};
  if (node['x-i18n']) extra['ui:title'] = translateKey(node['x-i18n']);
  if (node['x-i18n-help']) extra['ui:help'] = translateKey(node['x-i18n-help']);
  if (Array.isArray(node['x-enum-i18n'])) extra['ui:enumNames'] = node['x-enum-i18n'].map((key) => translateKey(key));
  const result = mergeUi(base, extra);
  if (node.properties) {
    for (const [name, child] of Object.entries(node.properties)) {
      if (typeof child !== 'object' || child === null) continue;
      result[name] = translatedUiSchema(child as RJSFSchema, (base[name] as UiSchema | undefined) ?? {}, root, { numberItems });
    }
  }
  if (node.items && typeof node.items === 'object' && !Array.isArray(node.items)) {
    const itemUi = translatedUiSchema(node.items as RJSFSchema, (base.items as UiSchema | undefined) ?? {}, root, { numberItems });
    const listTitle = result['ui:title'] as string | undefined;
    const ofRecords = resolveLocalRef(node.items as SchemaNode, root).type === 'object';
    // RJSF heads an untitled item with the property name and its place ("hotels-1"): a form says
    // the list's own label and the item's number instead
    result.items =
      numberItems && ofRecords && listTitle && !itemUi['ui:title']
        ? (_item: unknown, index: number) => ({
            ...itemUi,
            'ui:title': translateKey('form.listItem', { list: listTitle, number: index + 1 }),
          })
        : itemUi;
  }
  return result;
}
