import { yuanToBillion } from '../../../shared/content-api';
import { formatBytes } from '../../../shared/upload-rules';
import { translateKey as t } from '../../i18n/translate-key';
import { formatDateTime } from '../../util/date-format';

/** A content record as a list row: the unit's form lives in `document`. */
type RecordRow = { document?: unknown };

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const time = (value: unknown) => (typeof value === 'string' ? formatDateTime(value) : '');
const field = (row: RecordRow, name: string): unknown => (row.document as Record<string, unknown> | undefined)?.[name];

const inviterOf = (row: RecordRow) => {
  const inviter = field(row, 'inviter') as { name?: string; organisation?: string } | undefined;
  return inviter ? [inviter.name, inviter.organisation].filter(Boolean).join(' / ') : '';
};

/**
 * Cells of the content lists (ui-schemas/screens: historical-guests, investment-projects,
 * vehicles, unofficial-guests and the organisers' all-* lists): the record's form is in `document`.
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
  historicalSession: (row: RecordRow) => t('content.common.sessionN', { session: text(field(row, 'session')) }),
  historicalName: (row: RecordRow) => [text(field(row, 'nameZh')), text(field(row, 'nameEn'))].filter(Boolean).join(' '),
  historicalUnit: (row: RecordRow) => text(field(row, 'unitName')),
  historicalPosition: (row: RecordRow) => text(field(row, 'position')),
  historicalInviter: inviterOf,
  investmentName: (row: RecordRow) => text(field(row, 'name')),
  investmentArea: (row: RecordRow) => text(field(row, 'area')),
  investmentIndustry: (row: RecordRow) => text(field(row, 'industry')),
  investmentAmount: (row: RecordRow) => {
    const amount = field(row, 'investment');
    return typeof amount === 'number' ? t('content.common.billion', { amount: yuanToBillion(amount) }) : '';
  },
  downloadSize: (row: { bytes?: unknown }) => (typeof row.bytes === 'number' ? formatBytes(row.bytes) : ''),
  investmentManager: (row: RecordRow) => text(field(row, 'projectManager')),
};
