import Chip from '@mui/material/Chip';
import { consoleApi } from '../../api/console-endpoints';
import { RevealableInline } from '../../engine/RevealableInline';
import { translateKey } from '../../i18n/translate-key';
import { formatDateTime } from '../../util/date-format';

type Row = Record<string, unknown>;
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Cells of the organisers' declared lists that one field cannot fill (invitation codes, notices, receptionists). */
export const consoleListCells = {
  codeUsage: (row: Row) =>
    row.maxUses === null || row.maxUses === undefined ? String(row.usedCount) : `${String(row.usedCount)} / ${String(row.maxUses)}`,
  noticeAudience: (row: Row) =>
    [
      list(row.audiences).length
        ? list(row.audiences)
            .map((type) => translateKey(`console.schema.enums.accountType.${type}`))
            .join(', ')
        : translateKey('console.notices.allTypes'),
      list(row.unitIds).length
        ? translateKey('console.notices.unitCount', { count: list(row.unitIds).length })
        : translateKey('console.notices.allUnits'),
    ].join(' · '),
  noticeState: (row: Row) => (
    <Chip
      size="small"
      label={
        row.status === 'draft'
          ? translateKey('console.notices.draft')
          : `${translateKey('console.notices.publishedAt')} ${formatDateTime(String(row.publishedAt ?? ''))}`
      }
    />
  ),
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
  noticeReads: (row: Row) => (row.status === 'published' ? String(row.readCount) : ''),
};
