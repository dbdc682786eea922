import Chip from '@mui/material/Chip';
import { translateKey } from '../../i18n/translate-key';
import { formatDateTime } from '../../util/date-format';

type Row = Record<string, unknown>;
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Cells of the organisers' declared lists that one field cannot fill (invitation codes, notices). */
export const consoleListCells = {
  codeUsage: (row: Row) => (row.maxUses === null || row.maxUses === undefined ? String(row.usedCount) : `${String(row.usedCount)} / ${String(row.maxUses)}`),
  noticeAudience: (row: Row) =>
    [
      list(row.audiences).length ? list(row.audiences).map((type) => translateKey(`console.schema.enums.accountType.${type}`)).join(', ') : translateKey('console.notices.allTypes'),
      list(row.unitIds).length ? translateKey('console.notices.unitCount', { count: list(row.unitIds).length }) : translateKey('console.notices.allUnits'),
    ].join(' · '),
  noticeState: (row: Row) => (
    <Chip size="small" label={row.status === 'draft' ? translateKey('console.notices.draft') : `${translateKey('console.notices.publishedAt')} ${formatDateTime(String(row.publishedAt ?? ''))}`} />
  ),
  receptionistHotel: (row: Row) => (typeof row.hotelName === 'string' ? row.hotelName : translateKey('console.hotels.stations')),
  noticeReads: (row: Row) => (row.status === 'published' ? String(row.readCount) : ''),
};
