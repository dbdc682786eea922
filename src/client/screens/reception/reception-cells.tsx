import { consoleApi } from '../../api/console-endpoints';
import { RevealableInline } from '../../engine/RevealableInline';
import { translateKey } from '../../i18n/translate-key';

type Row = Record<string, unknown>;

/** Cells of the organisers' list of receptionists that one field cannot fill. */
export const receptionCells = {
  // answered masked: the full mobile only on this "Show" (organisers, audited)
  receptionistMobile: (row: Row) => (
    <RevealableInline
      testId="receptionist-mobile"
      masked={typeof row.mobile === 'string' ? row.mobile : ''}
      label={translateKey('console.hotels.mobile')}
      reveal={async () => (await consoleApi.revealReceptionistMobile(String(row.id))).value}
    />
  ),
  receptionistHotel: (row: Row) => (typeof row.hotelName === 'string' ? row.hotelName : translateKey('console.hotels.stations')),
};
