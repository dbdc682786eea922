import { translateKey as t } from '../../i18n/translate-key';
import { formatDateTime } from '../../util/date-format';

/** A content record as a list row: the unit's form lives in `document`. */
type RecordRow = { document?: unknown };

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const time = (value: unknown) => (typeof value === 'string' ? formatDateTime(value) : '');
const field = (row: RecordRow, name: string): unknown => (row.document as Record<string, unknown> | undefined)?.[name];

/**
 * Cells of the vehicle and unofficial-activity guest lists: the unit's own screens (their table
 * columns) and the organisers' declared lists (list declaration `cell`) show the same texts.
 */
export const contentCells = {
  vehiclePlate: (row: RecordRow) => text(field(row, 'plateNumber')),
  vehicleType: (row: RecordRow) => t(`content.enums.vehicleType.${text(field(row, 'vehicleType'))}`),
  vehicleSeats: (row: RecordRow) => text(field(row, 'seats')),
  vehicleDriver: (row: RecordRow) => `${text(field(row, 'driverName'))} ${text(field(row, 'driverMobile'))}`,
  vehicleArrival: (row: RecordRow) => time(field(row, 'arrivalTime')),
  vehiclePurpose: (row: RecordRow) => t(`content.enums.purpose.${text(field(row, 'purpose'))}`),
  unofficialName: (row: RecordRow) => [text(field(row, 'nameZh')), text(field(row, 'nameEn'))].filter(Boolean).join(' '),
  unofficialOrganisation: (row: RecordRow) => text(field(row, 'organisation')),
  unofficialMobile: (row: RecordRow) => text(field(row, 'mobile')),
  unofficialActivity: (row: RecordRow) => `${text(field(row, 'activityName'))} · ${text(field(row, 'activityPlace'))}`,
  unofficialTime: (row: RecordRow) => time(field(row, 'activityTime')),
};
