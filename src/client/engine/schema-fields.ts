import { loadCurrentFormAssets } from './live-forms';
import type { FormData } from './operation-types';

/** Keeps the fields the named schema knows (answers carry ids and names the forms do not edit). */
export async function fieldsOfSchema(schemaName: string, data: FormData): Promise<FormData> {
  const { schema } = await loadCurrentFormAssets(schemaName);
  const known = Object.keys(schema.properties ?? {});
  return Object.fromEntries(Object.entries(data).filter(([key]) => known.includes(key)));
}
