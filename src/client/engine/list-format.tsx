import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';
import { formatDateTime } from '../util/date-format';
import { TimeAgoText } from '../util/TimeAgoText';
import { textOfFirstKey } from './key-text';
import { listCells } from './list-cells';
import type { ListColumn } from './screen-types';

type Row = Record<string, unknown>;
type Translate = (key: string, params?: Record<string, unknown>) => string;

/** What one cell of a declared list shows for a row, by the column's format. */
export function renderCell(column: ListColumn, row: Row, t: Translate): ReactNode {
  if (column.format === 'cell') return listCells[column.cell ?? '']?.(row) ?? null;
  const value = column.field === undefined ? undefined : row[column.field];
  if (value === undefined || value === null) return '';
  switch (column.format) {
    case 'date-time':
      return formatDateTime(String(value));
    case 'date-time-ago':
      return (
        <>
          {formatDateTime(String(value))} · <TimeAgoText iso={String(value)} />
        </>
      );
    case 'label':
      return textOfFirstKey(column.labelPrefixes ?? [], String(value), t);
    case 'boolean':
      return (
        <Chip
          size="small"
          label={t((value ? column.trueKey : column.falseKey) ?? '')}
          variant={value ? 'filled' : 'outlined'}
          data-testid={`${column.field ?? ''}-${String(Boolean(value))}`}
        />
      );
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
