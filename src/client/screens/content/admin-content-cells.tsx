import type { SensitiveKind } from '../../../shared/sensitive-fields';
import type { UnitRecordKind } from '../../../shared/content-api';
import { contentApi } from '../../api/content-endpoints';
import { RevealableInline } from '../../engine/RevealableInline';
import { translateKey as t } from '../../i18n/translate-key';

type RecordRow = { id?: unknown; document?: unknown };

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const field = (row: RecordRow, name: string): unknown => (row.document as Record<string, unknown> | undefined)?.[name];

/** A masked mobile of any unit's record with the organisers' audited "show" (admin/{kind}/{id}/reveal). */
function organiserMobile(kind: UnitRecordKind, row: RecordRow, name: string, labelKey: string) {
  const reveal = async () => (await contentApi.adminRevealField(kind, text(row.id), 'mobile' satisfies SensitiveKind)).value;
  return <RevealableInline testId={`${kind}-mobile`} masked={text(field(row, name))} label={t(labelKey)} reveal={reveal} />;
}

/**
 * Cells of the organisers' lists of every unit's records (ui-schemas/screens/all-vehicles.json,
 * all-unofficial-guests.json): as the units' own cells, with a "Show" button on the masked mobile.
 */
export const adminContentCells = {
  allVehicleDriver: (row: RecordRow) => (
    <>
      {text(field(row, 'driverName'))} {organiserMobile('vehicle', row, 'driverMobile', 'content.fields.driverMobile')}
    </>
  ),
  allUnofficialMobile: (row: RecordRow) => organiserMobile('unofficial-guest', row, 'mobile', 'schema.fields.mobile'),
};
