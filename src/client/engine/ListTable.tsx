import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { fillRoute, type Row } from './list-actions';
import { AllCheckbox, CellContent, rowAttributes, RowCheckbox, rowKey, type ListBodyProps } from './list-rows';
import { ListRowActions } from './ListRowActions';

/** A declared list on a wide screen: a table of the declared columns, a checkbox and the actions per row. */
export function ListTable({ declaration, records, title, testId, busy, onPress, selection, sorting }: ListBodyProps) {
  const t = useKeyTranslation();
  const navigate = useNavigate();
  const actions = declaration.rowActions ?? [];
  const openRow = (event: MouseEvent, row: Row) => {
    // links, buttons and checkboxes in the row do their own thing
    if (!declaration.rowLink || (event.target as Element).closest('a, button, input')) return;
    void navigate(fillRoute(declaration.rowLink, row), { state: { row } });
  };
  return (
    <TableContainer>
      <Table size="small" aria-label={title} aria-busy={busy} data-testid={testId}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox">
                <AllCheckbox declaration={declaration} records={records} selection={selection} />
              </TableCell>
            )}
            {declaration.columns.map((column) => {
              const active = Boolean(column.sort) && sorting?.sort === column.sort;
              return (
                <TableCell key={column.labelKey} sortDirection={active ? sorting?.order : false}>
                  {column.sort && sorting ? (
                    <TableSortLabel
                      active={active}
                      direction={active ? sorting.order : 'asc'}
                      onClick={() => sorting.onSort(column.sort!)}
                      data-testid={`${testId}-sort-${column.sort}`}
                    >
                      {t(column.labelKey)}
                    </TableSortLabel>
                  ) : (
                    t(column.labelKey)
                  )}
                </TableCell>
              );
            })}
            {actions.length > 0 && <TableCell>{t(declaration.actionsLabelKey ?? 'list.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((row, index) => (
            <TableRow
              key={rowKey(row, index)}
              {...rowAttributes(declaration, testId, row)}
              hover={Boolean(declaration.rowLink)}
              sx={declaration.rowLink ? { cursor: 'pointer' } : undefined}
              onClick={(event) => openRow(event, row)}
            >
              {selection && (
                <TableCell padding="checkbox">
                  <RowCheckbox declaration={declaration} row={row} selection={selection} />
                </TableCell>
              )}
              {declaration.columns.map((column, columnIndex) => (
                <TableCell key={column.labelKey} data-testid={column.testId} sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  <CellContent declaration={declaration} column={column} row={row} linked={columnIndex === 0} />
                </TableCell>
              ))}
              {actions.length > 0 && (
                <TableCell>
                  <ListRowActions actions={actions} row={row} listTestId={testId} onPress={onPress} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
