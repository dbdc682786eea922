import { guestApi } from '../api/guest-endpoints';
import { loadFormAssets } from './form-assets';

type FormData = Record<string, unknown>;

/** Keeps the fields the named schema knows (answers carry ids and names the forms do not edit). */
async function fieldsOf(schemaName: string, data: FormData): Promise<FormData> {
  const { schema } = await loadFormAssets(schemaName);
  const known = Object.keys(schema.properties ?? {});
  return Object.fromEntries(Object.entries(data).filter(([key]) => known.includes(key)));
}

/**
 * Named calls of the guest-lifecycle form declarations (ui-schemas/screens): unit
 * information and the organisers' edition settings. Merged into engine/operations.ts.
 */
export const guestOperations: Record<string, (formData: FormData) => Promise<unknown>> = {
  // the unit's type decides the variant; the stored document may be incomplete until saved once
  myUnit: async () => {
    const unit = await guestApi.myUnit();
    return fieldsOf('unit', { ...unit.document, unitType: unit.unitType });
  },
  saveMyUnit: (data) => guestApi.saveMyUnit(data),
  editionSettings: async () => fieldsOf('edition', await guestApi.editionSettings()),
  saveEditionSettings: (data) => guestApi.saveEditionSettings(data),
};
