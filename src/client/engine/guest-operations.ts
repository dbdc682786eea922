import { guestApi } from '../api/guest-endpoints';
import { recordUpgradeApi } from '../api/record-upgrade-endpoints';
import { loadFormAssets } from './form-assets';
import { attachUpgrade, openInCurrentVersion } from './record-upgrade';
import type { FormData, Operation } from './operation-types';

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
export const guestOperations: Record<string, Operation> = {
  // the unit's type decides the variant; the stored document may be incomplete until saved once
  // (a saved one from an older schema version opens in the current one, engine/record-upgrade.ts)
  myUnit: async () => {
    const unit = await guestApi.myUnit();
    const opened = unit.complete ? await openInCurrentVersion('unit', unit, () => recordUpgradeApi.myUnit()) : { document: unit.document, upgrade: null };
    return attachUpgrade(await fieldsOf('unit', { ...opened.document, unitType: unit.unitType }), opened.upgrade);
  },
  saveMyUnit: (data) => guestApi.saveMyUnit(data),
  editionSettings: async () => fieldsOf('edition', await guestApi.editionSettings()),
  saveEditionSettings: (data) => guestApi.saveEditionSettings(data),
};
