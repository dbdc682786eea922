import type { UnitRecordKind } from '../../../shared/content-api';
import { contentApi } from '../../api/content-endpoints';
import type { ContentRecordsConfig } from './ContentRecordsScreen';

function unitRecords(kind: UnitRecordKind, list: string, intro: string, nameField: string): ContentRecordsConfig {
  return {
    kind,
    list,
    intro,
    nameField,
    calls: {
      add: (document) => contentApi.addUnitRecord(kind, document),
      save: (id, document) => contentApi.saveUnitRecord(kind, id, document),
    },
    reveal: async (id, field) => (await contentApi.revealUnitRecordField(kind, id, field)).value,
  };
}

/**
 * A unit's own vehicles and unofficial-activity guests (ui-schemas/screens/vehicles.json,
 * unofficial-guests.json); the organisers' lists of every unit's records (all-*.json) use the same cells.
 */
export const vehicleConfig = unitRecords('vehicle', 'vehicles', 'content.vehicles.intro', 'plateNumber');
export const unofficialGuestConfig = unitRecords('unofficial-guest', 'unofficial-guests', 'content.unofficial.intro', 'nameZh');
