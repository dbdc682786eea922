import Box from '@mui/material/Box';

type Row = Record<string, unknown>;

interface Change {
  field: string;
  before: string;
  after: string;
}

const changesOf = (row: Row): Change[] => (Array.isArray(row.changes) ? (row.changes as Change[]) : []);

/** A change as a person reads it: "field: before → after" (the server labels fields and values in the reader's language). */
export function changeLine(change: Change): string {
  return change.field ? `${change.field}: ${change.before} → ${change.after}` : `${change.before} → ${change.after}`;
}

/** Cells of the audit log that combine fields (list declaration `cell`). */
export const auditCells = {
  /** "嘉宾: 张三" — the target's kind and its name, both from the server in the reader's language */
  auditTarget: (row: Row) => {
    const kind = String(row.targetTypeLabel ?? row.targetType ?? '');
    return row.targetLabel ? `${kind}: ${String(row.targetLabel)}` : kind;
  },
  auditChanges: (row: Row) =>
    changesOf(row).map((change) => (
      <Box key={`${change.field}|${change.before}|${change.after}`} sx={{ fontSize: 13, wordBreak: 'break-word' }}>
        {changeLine(change)}
      </Box>
    )),
};
