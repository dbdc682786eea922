import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { fillRoute, type ListHost, type Row } from './list-actions';
import { renderCell } from './list-format';
import type { ListSorting } from './list-query';
import type { ActionPress } from './ListRowActions';
import type { ListColumn, ListDeclaration } from './screen-types';

/** What the table and the cards of a declared list both get. */
export interface ListBodyProps {
  declaration: ListDeclaration;
  records: Row[];
  title: string;
  testId: string;
  busy: boolean;
  onPress: ActionPress;
  selection?: ListHost['selection'];
  /** the list's order, when a column of it sorts */
  sorting?: ListSorting;
}

export const rowKey = (row: Row, index: number) => String(row.id ?? index);

/** The row's test id and its declared data attributes (`data-guest-id` from the field `id`, say). */
export function rowAttributes(declaration: ListDeclaration, testId: string, row: Row): Record<string, string> {
  const attributes: Record<string, string> = { 'data-testid': declaration.rowTestId ?? `${testId}-row` };
  for (const [name, field] of Object.entries(declaration.rowData ?? {})) attributes[`data-${name}`] = String(row[field] ?? '');
  return attributes;
}

/** A cell's content; the title column links to the row's page when the list declares one. */
export function CellContent({
  declaration,
  column,
  row,
  linked,
}: {
  declaration: ListDeclaration;
  column: ListColumn;
  row: Row;
  linked: boolean;
}) {
  const t = useKeyTranslation();
  const content: ReactNode = renderCell(column, row, t);
  if (!linked || !declaration.rowLink) return <>{content}</>;
  return (
    <Link component={RouterLink} to={fillRoute(declaration.rowLink, row)} state={{ row }}>
      {content}
    </Link>
  );
}

/** The checkbox of one row of a selectable list. */
export function RowCheckbox({
  declaration,
  row,
  selection,
}: {
  declaration: ListDeclaration;
  row: Row;
  selection: NonNullable<ListHost['selection']>;
}) {
  const t = useKeyTranslation();
  const id = String(row.id);
  const { selected, onChange } = selection;
  return (
    <Checkbox
      checked={selected.includes(id)}
      onChange={() => onChange(selected.includes(id) ? selected.filter((item) => item !== id) : [...selected, id])}
      slotProps={{
        input: {
          'aria-label': t(declaration.selectable?.labelKey ?? '', { ...row, name: row[declaration.selectable?.nameField ?? 'name'] }),
        },
      }}
    />
  );
}

/** The checkbox that checks every row of the page shown, or none. */
export function AllCheckbox({
  declaration,
  records,
  selection,
}: {
  declaration: ListDeclaration;
  records: Row[];
  selection: NonNullable<ListHost['selection']>;
}) {
  const t = useKeyTranslation();
  const { selected, onChange } = selection;
  const all = records.length > 0 && selected.length === records.length;
  return (
    <Checkbox
      checked={all}
      indeterminate={selected.length > 0 && !all}
      onChange={() => onChange(all ? [] : records.map((row) => String(row.id)))}
      slotProps={{ input: { 'aria-label': t(declaration.selectable?.allLabelKey ?? '') } }}
    />
  );
}

/** The column heading a card (the one marked `title`, else the first). */
export function titleColumnOf(columns: ListColumn[]): ListColumn | undefined {
  return columns.find((column) => column.card === 'title') ?? columns[0];
}
