import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { CellContent, rowAttributes, RowCheckbox, rowKey, titleColumnOf, type ListBodyProps } from './list-rows';
import { ListRowActions } from './ListRowActions';
import { ListSortSelect } from './ListSortSelect';

/**
 * A declared list on a phone (under 600 px): one card per row, headed by the title column,
 * the other columns as label and value, the actions as buttons that wrap. Nothing is wider than
 * the screen, so the page never scrolls sideways.
 */
export function ListCards({ declaration, records, title, testId, busy, onPress, selection, sorting }: ListBodyProps) {
  const t = useKeyTranslation();
  const titleColumn = titleColumnOf(declaration.columns);
  const fields = declaration.columns.filter((column) => column !== titleColumn && column.card !== 'omit');
  return (
    <>
      {sorting && <ListSortSelect columns={declaration.columns} sorting={sorting} testId={testId} />}
      <Box
        component="ul"
        aria-label={title}
        aria-busy={busy}
        data-testid={testId}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
      >
        {records.map((row, index) => (
          <Paper
            component="li"
            variant="outlined"
            key={rowKey(row, index)}
            {...rowAttributes(declaration, testId, row)}
            sx={{ p: 1.5, minWidth: 0 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              {selection && <RowCheckbox declaration={declaration} row={row} selection={selection} />}
              {titleColumn && (
                <Typography
                  component="h3"
                  variant="subtitle1"
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere', pt: selection ? 1 : 0 }}
                  data-testid={titleColumn.testId}
                >
                  <CellContent declaration={declaration} column={titleColumn} row={row} linked />
                </Typography>
              )}
            </Box>
            <Box
              component="dl"
              sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.5 }}
            >
              {fields.map((column) => (
                <Box key={column.labelKey} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {t(column.labelKey)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={column.testId}>
                    <CellContent declaration={declaration} column={column} row={row} linked={false} />
                  </Typography>
                </Box>
              ))}
            </Box>
            {(declaration.rowActions?.length ?? 0) > 0 && (
              <Box sx={{ mt: 1 }}>
                <ListRowActions actions={declaration.rowActions ?? []} row={row} listTestId={testId} onPress={onPress} size="medium" />
              </Box>
            )}
          </Paper>
        ))}
      </Box>
    </>
  );
}
