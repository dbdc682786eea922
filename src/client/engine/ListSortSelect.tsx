import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { sortOrders, type ListSorting } from './list-query';
import type { ListColumn } from './screen-types';

/**
 * A list's order on a phone, where cards have no column headers: one choice per sortable column
 * and direction, the same `sort` and `order` the headers of the table send.
 */
export function ListSortSelect({ columns, sorting, testId }: { columns: ListColumn[]; sorting: ListSorting; testId: string }) {
  const t = useKeyTranslation();
  const sortable = columns.filter((column) => column.sort);
  if (sortable.length === 0) return null;
  const value = sorting.sort ? `${sorting.sort} ${sorting.order}` : '';
  return (
    <TextField
      select
      size="small"
      label={t('list.sortBy')}
      value={value}
      onChange={(event) => {
        const [sort, order] = event.target.value.split(' ');
        if (sort) sorting.onSort(sort, order === 'desc' ? 'desc' : 'asc');
      }}
      sx={{ mb: 1.5, minWidth: 200 }}
      slotProps={{ htmlInput: { 'data-testid': `${testId}-sort` } }}
    >
      {sortable.flatMap((column) =>
        sortOrders.map((order) => (
          <MenuItem key={`${column.sort} ${order}`} value={`${column.sort} ${order}`}>
            {t(column.labelKey)} · {t(order === 'asc' ? 'list.ascending' : 'list.descending')}
          </MenuItem>
        )),
      )}
    </TextField>
  );
}
