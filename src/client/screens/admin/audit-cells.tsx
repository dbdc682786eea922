import Box from '@mui/material/Box';
import { translateKey } from '../../i18n/translate-key';
import { textOfFirstKey } from '../../engine/key-text';

type Row = Record<string, unknown>;

const shown = (value: unknown) => (value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value));
const asObject = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/** A changed value as a person reads it: "field: before → after" per changed field. */
export function auditChanges(before: unknown, after: unknown): string[] {
  const b = asObject(before);
  const a = asObject(after);
  if (!b && !a) return before === null && after === null ? [] : [`${shown(before)} → ${shown(after)}`];
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys.filter((key) => shown(b?.[key]) !== shown(a?.[key])).map((key) => `${key}: ${shown(b?.[key])} → ${shown(a?.[key])}`);
}

/** Cells of the audit log that combine fields (list declaration `cell`). */
export const auditCells = {
  /** "guest: 张三" — the target type's name and the readable target (its id for older entries) */
  auditTarget: (row: Row) => {
    const type = String(row.targetType ?? '');
    return `${textOfFirstKey(['console.audit.targets'], type, translateKey)}: ${String(row.targetLabel ?? row.targetId ?? '')}`;
  },
  auditChanges: (row: Row) =>
    auditChanges(row.before, row.after).map((line) => (
      <Box key={line} sx={{ fontSize: 13, wordBreak: 'break-word' }}>
        {line}
      </Box>
    )),
};
