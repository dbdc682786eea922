import Chip from '@mui/material/Chip';
import { translateKey } from '../../i18n/translate-key';

type Row = Record<string, unknown>;
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Cells of the organisers' list of notices that one field cannot fill. */
export const noticeAdminCells = {
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
      label={row.status === 'draft' ? translateKey('console.notices.draft') : translateKey('console.notices.publishedAt')}
    />
  ),
  noticeReads: (row: Row) => (row.status === 'published' ? String(row.readCount) : ''),
};
