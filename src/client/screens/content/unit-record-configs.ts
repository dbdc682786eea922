import type { ContentRecord } from '../../../shared/content-api';
import { translateKey as t } from '../../i18n/translate-key';
import { formatDateTime } from '../../util/date-format';
import type { UnitRecordsConfig } from './UnitRecordsScreen';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const time = (value: unknown) => (typeof value === 'string' ? formatDateTime(value) : '');

/** Columns of the vehicle lists (the unit's and the organisers'). Labels are translated at render. */
export const vehicleConfig: UnitRecordsConfig = {
  kind: 'vehicle',
  title: 'content.vehicles.title',
  intro: 'content.vehicles.intro',
  nameOf: (record: ContentRecord) => text(record.document.plateNumber),
  columns: [
    { label: 'content.vehicles.plateNumber', value: (record) => text(record.document.plateNumber) },
    { label: 'content.fields.vehicleType', value: (record) => t(`content.enums.vehicleType.${text(record.document.vehicleType)}`) },
    { label: 'content.fields.seats', value: (record) => text(record.document.seats) },
    { label: 'content.vehicles.driver', value: (record) => `${text(record.document.driverName)} ${text(record.document.driverMobile)}` },
    { label: 'content.vehicles.arrival', value: (record) => time(record.document.arrivalTime) },
    { label: 'content.fields.purpose', value: (record) => t(`content.enums.purpose.${text(record.document.purpose)}`) },
  ],
};

export const unofficialGuestConfig: UnitRecordsConfig = {
  kind: 'unofficial-guest',
  title: 'content.unofficial.title',
  intro: 'content.unofficial.intro',
  nameOf: (record: ContentRecord) => text(record.document.nameZh),
  columns: [
    { label: 'content.unofficial.name', value: (record) => [text(record.document.nameZh), text(record.document.nameEn)].filter(Boolean).join(' ') },
    { label: 'content.fields.organisation', value: (record) => text(record.document.organisation) },
    { label: 'schema.fields.mobile', value: (record) => text(record.document.mobile) },
    { label: 'content.unofficial.activity', value: (record) => `${text(record.document.activityName)} · ${text(record.document.activityPlace)}` },
    { label: 'content.unofficial.time', value: (record) => time(record.document.activityTime) },
  ],
};
