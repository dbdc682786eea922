import { loadFormAssets } from './form-assets';
import type { FormData } from './operation-types';

/** Keeps the fields the named schema knows (answers carry ids and names the forms do not edit). */
export async function fieldsOfSchema(schemaName: string, data: FormData): Promise<FormData> {
  const { schema } = await loadFormAssets(schemaName);
  const known = Object.keys(schema.properties ?? {});
  return Object.fromEntries(Object.entries(data).filter(([key]) => known.includes(key)));
}
