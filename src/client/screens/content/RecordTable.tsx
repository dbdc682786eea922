import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Page } from '../../../shared/api-types';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { PagePagination } from '../../util/PagePagination';

export interface Column<Row> {
  /** i18n key of the header */
  label: string;
  value: (row: Row) => ReactNode;
}

interface RecordTableProps<Row extends { id: string }> {
  label: string;
  page: Page<Row> | null;
  columns: Column<Row>[];
  actions?: (row: Row) => ReactNode;
  onPage: (pageNum: number) => void;
  testId: string;
}

/** A page of records as a table with pagination; "nothing here yet" when empty. */
export function RecordTable<Row extends { id: string }>({ label, page, columns, actions, onPage, testId }: RecordTableProps<Row>) {
  const t = useKeyTranslation();
  if (!page) return null;
  if (page.records.length === 0) return <Typography sx={{ p: 2 }} data-testid={`${testId}-empty`}>{t('content.common.empty')}</Typography>;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={label} data-testid={testId}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.label}>{t(column.label)}</TableCell>
              ))}
              {actions && <TableCell>{t('content.common.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {page.records.map((row) => (
              <TableRow key={row.id} data-testid={`${testId}-row`}>
                {columns.map((column) => (
                  <TableCell key={column.label}>{column.value(row)}</TableCell>
                ))}
                {actions && <TableCell sx={{ whiteSpace: 'nowrap' }}>{actions(row)}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {page.total > page.pageSize && (
        <PagePagination total={page.total} pageSize={page.pageSize} page={page.pageNum} onChange={onPage} />
      )}
    </>
  );
}
