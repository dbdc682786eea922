import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UiSchema } from '@rjsf/utils';
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Page } from '../../shared/api-types';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { PagePagination } from '../util/PagePagination';
import { loadFormAssets, type FormAssets } from './form-assets';
import { screenUiSchema } from './form-wiring';
import { ListFilterForm } from './ListFilterForm';
import { renderCell } from './list-format';
import { filterFieldsOf, listQueryParams, readListQuery } from './list-query';
import { checkedListQuery } from './list-query-check';
import { runOperation } from './operations';
import type { ListDeclaration } from './screen-types';
import { loadUiSchema } from './ui-schema-files';

type Row = Record<string, unknown>;
type FilterAssets = FormAssets & { uiSchema: UiSchema };
type Loading = { status: 'loading'; page: Page<Row> | null } | { status: 'loaded'; page: Page<Row> } | { status: 'failed' };

const DEFAULT_PAGE_SIZE = 20;

/** The row link with `:name` filled from the row's field `name`. */
function rowTarget(pattern: string, row: Row): string {
  return pattern.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_match, field: string) => encodeURIComponent(String(row[field] ?? '')));
}

async function loadFilterAssets(query: NonNullable<ListDeclaration['query']>): Promise<FilterAssets> {
  const [assets, baseUi] = await Promise.all([loadFormAssets(query.schema), loadUiSchema(query.uiSchema ?? query.schema)]);
  return { ...assets, uiSchema: screenUiSchema(assets.schema, baseUi) };
}

/**
 * Renders a list declaration: the filter bar (the query schema), a table of the declared
 * columns, paging, and the empty and failed states. Filters and page live in the query string.
 */
export function DeclaredList({ declaration }: { declaration: ListDeclaration }) {
  const t = useKeyTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  // the list's own route params (/units/:unitId/vehicles): its load operation destructures them
  const routeParams = useParams();
  const routeKey = JSON.stringify(routeParams);
  // undefined while the query schema loads: the filters in the URL are read against it
  const [filterAssets, setFilterAssets] = useState<FilterAssets | null | undefined>(declaration.query ? undefined : null);
  const [loading, setLoading] = useState<Loading>({ status: 'loading', page: null });
  const pageSize = declaration.pageSize ?? DEFAULT_PAGE_SIZE;

  useEffect(() => {
    if (!declaration.query) return;
    let live = true;
    loadFilterAssets(declaration.query)
      .then((assets) => live && setFilterAssets(assets))
      .catch(() => live && setLoading({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, [declaration]);

  const query = useMemo(() => {
    const read = readListQuery(searchParams, filterFieldsOf(filterAssets?.schema));
    return filterAssets ? checkedListQuery(read, filterAssets, pageSize) : read;
  }, [searchParams, filterAssets, pageSize]);
  const queryKey = JSON.stringify(query);

  useEffect(() => {
    if (filterAssets === undefined) return;
    let live = true;
    setLoading((current) => ({ status: 'loading', page: current.status === 'failed' ? null : current.page }));
    runOperation(declaration.load, { ...query.filters, pageNum: query.pageNum, pageSize }, routeParams)
      .then((page) => live && setLoading({ status: 'loaded', page: page as Page<Row> }))
      .catch(() => live && setLoading({ status: 'failed' }));
    return () => {
      live = false;
    };
    // queryKey and routeKey stand for `query` and `routeParams` (new objects on every render of the same URL)
  }, [declaration, queryKey, routeKey, filterAssets, pageSize]);

  const goTo = (next: { filters?: Record<string, string>; pageNum: number }) =>
    setSearchParams(listQueryParams({ filters: next.filters ?? query.filters, pageNum: next.pageNum }));

  const openRow = (event: MouseEvent, row: Row) => {
    // the link in the first cell navigates by itself
    if (!declaration.rowLink || (event.target as Element).closest('a')) return;
    void navigate(rowTarget(declaration.rowLink, row), { state: { row } });
  };

  const [downloadFailed, setDownloadFailed] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const download = (operation: string) => {
    setDownloading(true);
    setDownloadFailed(false);
    runOperation(operation, query.filters, routeParams)
      .catch(() => setDownloadFailed(true))
      .finally(() => setDownloading(false));
  };

  const title = t(declaration.titleKey);
  const testId = declaration.testId ?? declaration.id;
  const page = loading.status === 'failed' ? null : loading.page;
  return (
    <Paper sx={{ p: 2 }}>
      {declaration.query && filterAssets && (
        <ListFilterForm
          assets={filterAssets}
          values={query.filters}
          submitLabelKey={declaration.query.submitLabelKey}
          label={title}
          onSubmit={(filters) => goTo({ filters, pageNum: 1 })}
        />
      )}
      {declaration.download && (
        <Button variant="outlined" size="small" sx={{ mb: 1 }} disabled={downloading} onClick={() => download(declaration.download!.operation)} data-testid={`${testId}-download`}>
          {t(declaration.download.labelKey)}
        </Button>
      )}
      {downloadFailed && <Alert severity="error">{t('list.downloadFailed')}</Alert>}
      {loading.status === 'failed' && <Alert severity="error">{t(declaration.errorKey ?? 'list.loadFailed')}</Alert>}
      {loading.status === 'loading' && !page && <CircularProgress aria-label={t('common.loading')} />}
      {page && declaration.totalKey && (
        <Typography sx={{ mb: 1 }} data-testid={`${testId}-total`}>
          {t(declaration.totalKey, { count: page.total })}
        </Typography>
      )}
      {page && page.records.length === 0 && (
        <Typography sx={{ p: 2 }} data-testid={`${testId}-empty`}>
          {t(declaration.emptyKey)}
        </Typography>
      )}
      {page && page.records.length > 0 && (
        <TableContainer aria-busy={loading.status === 'loading'}>
          <Table size="small" aria-label={title} data-testid={testId}>
            <TableHead>
              <TableRow>
                {declaration.columns.map((column) => (
                  <TableCell key={column.labelKey}>{t(column.labelKey)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {page.records.map((row, index) => (
                <TableRow
                  key={String(row.id ?? index)}
                  data-testid={`${testId}-row`}
                  hover={Boolean(declaration.rowLink)}
                  sx={declaration.rowLink ? { cursor: 'pointer' } : undefined}
                  onClick={(event) => openRow(event, row)}
                >
                  {declaration.columns.map((column, columnIndex) => {
                    const content = renderCell(column, row, t);
                    return (
                      <TableCell key={column.labelKey} sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                        {declaration.rowLink && columnIndex === 0 ? (
                          <Link component={RouterLink} to={rowTarget(declaration.rowLink, row)} state={{ row }}>
                            {content}
                          </Link>
                        ) : (
                          content
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {page && <PagePagination total={page.total} pageSize={pageSize} page={query.pageNum} onChange={(pageNum) => goTo({ pageNum })} />}
    </Paper>
  );
}
