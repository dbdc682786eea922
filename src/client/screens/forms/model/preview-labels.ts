import { resolveField } from '../../../../shared/schema-field';
import { isObject, type Schema } from './field-spec';

/**
 * The UI schema of a draft with its titles, help and choice labels in one language, taken from
 * the draft's own labels (not the app's texts: the draft is not published, and the preview
 * shows both languages side by side). The form's widgets and order are the draft's.
 */
export function labelledUiSchema(schema: Schema, uiSchema: Schema, texts: Record<string, string>, root: Schema = schema): Schema {
  const node = resolveField(root, schema) ?? schema;
  const result: Schema = { ...uiSchema };
  const text = (key: unknown) => (typeof key === 'string' ? texts[key] : undefined);
  const title = text(node['x-i18n']);
  if (title !== undefined) result['ui:title'] = title;
  const help = text(node['x-i18n-help']);
  if (help !== undefined) result['ui:help'] = help;
  const items = isObject(node.items) ? (resolveField(root, node.items) ?? node.items) : undefined;
  const enumKeys = Array.isArray(node['x-enum-i18n'])
    ? node['x-enum-i18n']
    : Array.isArray(items?.['x-enum-i18n'])
      ? items['x-enum-i18n']
      : null;
  if (enumKeys) result['ui:enumNames'] = enumKeys.map((key) => text(key) ?? String(key));
  if (isObject(node.properties)) {
    for (const [name, child] of Object.entries(node.properties)) {
      if (!isObject(child)) continue;
      result[name] = labelledUiSchema(child, isObject(uiSchema[name]) ? uiSchema[name] : {}, texts, root);
    }
  }
  return result;
}
