import type { ContentRecord } from '../../../shared/content-api';
import { contentCells as cell } from './content-cells';
import type { UnitRecordsConfig } from './UnitRecordsScreen';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * Columns of a unit's own vehicle list; the organisers' list of every unit's vehicles is
 * declared (ui-schemas/screens/all-vehicles.json) with the same cells. Labels are translated at render.
 */
export const vehicleConfig: UnitRecordsConfig = {
  kind: 'vehicle',
  title: 'content.vehicles.title',
  intro: 'content.vehicles.intro',
  nameOf: (record: ContentRecord) => text(record.document.plateNumber),
  columns: [
    { label: 'content.vehicles.plateNumber', value: cell.vehiclePlate },
    { label: 'content.fields.vehicleType', value: cell.vehicleType },
    { label: 'content.fields.seats', value: cell.vehicleSeats },
    { label: 'content.vehicles.driver', value: cell.vehicleDriver },
    { label: 'content.vehicles.arrival', value: cell.vehicleArrival },
    { label: 'content.fields.purpose', value: cell.vehiclePurpose },
  ],
};

/** Columns of a unit's own unofficial-activity guests (organisers: ui-schemas/screens/all-unofficial-guests.json). */
export const unofficialGuestConfig: UnitRecordsConfig = {
  kind: 'unofficial-guest',
  title: 'content.unofficial.title',
  intro: 'content.unofficial.intro',
  nameOf: (record: ContentRecord) => text(record.document.nameZh),
  columns: [
    { label: 'content.unofficial.name', value: cell.unofficialName },
    { label: 'content.fields.organisation', value: cell.unofficialOrganisation },
    { label: 'schema.fields.mobile', value: cell.unofficialMobile },
    { label: 'content.unofficial.activity', value: cell.unofficialActivity },
    { label: 'content.unofficial.time', value: cell.unofficialTime },
  ],
};
