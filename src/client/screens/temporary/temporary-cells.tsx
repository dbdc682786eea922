import { translateKey } from '../../i18n/translate-key';
import { TemporaryMobile } from './TemporaryMobile';
import { TemporaryPicture } from './TemporaryPicture';

type Row = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Cells of the temporary review (ui-schemas/screens/temporary-review.json). */
export const temporaryCells = {
  temporaryName: (row: Row) => `${text(row.name)}${row.mediaName ? ` (${text(row.mediaName)})` : ''}`,
  temporaryRegion: (row: Row) => `${text(row.province)} ${text(row.city)}`,
  temporaryEvent: (row: Row) => `${text(row.eventName)} · ${translateKey(`temporary.attendanceMode.${text(row.attendanceMode)}`)}`,
  temporaryStatus: (row: Row) =>
    `${translateKey(`guest.status.${text(row.status)}`)}${row.rejectReason ? ` · ${text(row.rejectReason)}` : ''}`,
  temporaryMobile: (row: Row) => <TemporaryMobile id={text(row.id)} masked={text(row.mobile)} />,
  temporaryPicture: (row: Row) => <TemporaryPicture id={text(row.id)} name={text(row.name)} />,
};
