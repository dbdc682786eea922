type Row = Record<string, unknown>;

/** Cells of the organisers' list of invitation codes that one field cannot fill. */
export const invitationCells = {
  codeUsage: (row: Row) =>
    row.maxUses === null || row.maxUses === undefined ? String(row.usedCount) : `${String(row.usedCount)} / ${String(row.maxUses)}`,
};
