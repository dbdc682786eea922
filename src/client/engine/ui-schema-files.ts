import type { UiSchema } from '@rjsf/utils';

const files = import.meta.glob<UiSchema>('../../../ui-schemas/*.json', { import: 'default' }) as Record<string, () => Promise<UiSchema>>;

/** The UI schema of ui-schemas/<name>.json, or an empty one when the form needs none. */
export async function loadUiSchema(name: string): Promise<UiSchema> {
  const load = files[`../../../ui-schemas/${name}.json`];
  return load ? structuredClone(await load()) : {};
}
