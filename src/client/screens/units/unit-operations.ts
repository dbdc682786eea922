import type { SensitiveKind } from '../../../shared/sensitive-fields';
import { guestApi } from '../../api/guest-endpoints';
import { recordUpgradeApi } from '../../api/record-upgrade-endpoints';
import type { Operation } from '../../engine/operation-types';
import { attachUpgrade, openInCurrentVersion } from '../../engine/record-upgrade';
import { fieldsOfSchema } from '../../engine/schema-fields';

/** Named calls of the unit-information form declarations (ui-schemas/screens/unit-info-*.json). */
export const unitOperations: Record<string, Operation> = {
  // the unit's type decides the variant; the stored document may be incomplete until saved once
  // (a saved one from an older schema version opens in the current one, engine/record-upgrade.ts)
  myUnit: async () => {
    const unit = await guestApi.myUnit();
    const opened = unit.complete
      ? await openInCurrentVersion('unit', unit, () => recordUpgradeApi.myUnit())
      : { document: unit.document, upgrade: null };
    return attachUpgrade(await fieldsOfSchema('unit', { ...opened.document, unitType: unit.unitType }), opened.upgrade);
  },
  saveMyUnit: (data) => guestApi.saveMyUnit(data),
  // the audited "show" of the unit's own masked contact mobile (qms/unit/reveal)
  revealMyUnitField: async (data) => (await guestApi.revealMyUnitField(data.field as SensitiveKind)).value,
};
