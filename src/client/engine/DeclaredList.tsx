import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { Page } from '../../shared/api-types';
import { sortedWhole } from '../../shared/whole-list-order';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { useSession } from '../session/session-store';
import { PagePagination } from '../util/PagePagination';
import { loadFormAssets, type FormAssets } from './form-assets';
import { loadFormUiSchema, screenUiSchema } from './form-wiring';
import { listFailureMessage, type ListHost, type Row } from './list-actions';
import { ListActionButton } from './ListActionButton';
import { ListCards } from './ListCards';
import { ListFilterForm } from './ListFilterForm';
import {
  filterFieldsOf,
  listQueryParams,
  onePage,
  ORDER_FIELDS,
  ownListParamNames,
  ownListQueryParams,
  PAGING_FIELDS,
  readListQuery,
  readOwnListQuery,
  sortedFilters,
  withoutOrder,
  type ListSorting,
} from './list-query';
import { checkedListQuery, hiddenInUiSchema } from './list-query-check';
import { useActionPress } from './ListRowActions';
import { ListTable } from './ListTable';
import { runOperation } from './operations';
import type { ListAction, ListDeclaration, ListDownload } from './screen-types';
import { useCellsReady } from './use-cells-ready';
import { useToolbarGates } from './use-toolbar-gates';

type FilterAssets = FormAssets & { uiSchema: UiSchema };
type Loading = { status: 'loading'; page: Page<Row> | null } | { status: 'loaded'; page: Page<Row> } | { status: 'failed' };

const DEFAULT_PAGE_SIZE = 20;
const NO_HOST: ListHost = {};
/** The list's download buttons the signed-in account may press (the server still decides). */
function downloadsFor(declared: ListDeclaration['download'], userType: string | null | undefined): ListDownload[] {
  const all = declared === undefined ? [] : Array.isArray(declared) ? declared : [declared];
  return all.filter((item) => !item.userTypes || item.userTypes.includes(userType ?? ''));
}
/** under 600 px (MUI's `sm` breakpoint) a list shows cards; a query string works without a theme provider too */
const PHONE_WIDTH = '(max-width:599.95px)';

async function loadFilterAssets(query: NonNullable<ListDeclaration['query']>): Promise<FilterAssets> {
  const [assets, baseUi] = await Promise.all([loadFormAssets(query.schema), loadFormUiSchema(query.uiSchema ?? query.schema)]);
  return { ...assets, uiSchema: screenUiSchema(assets.schema, baseUi) };
}

/**
 * Renders a list declaration: the filter bar (the query schema), the toolbar actions, a table of
 * the declared columns with the row actions (cards on a phone), paging, and the empty and failed
 * states. Filters and page live in the query string. A screen hosting the list (`host`) adds its
 * dialogs (action events), a reload after they save, its own filters and a selection.
 */
export function DeclaredList({ declaration, host = NO_HOST }: { declaration: ListDeclaration; host?: ListHost }) {
  const t = useKeyTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  // the list's own route params (/units/:unitId/vehicles): its load operation destructures them
  const routeParams = useParams();
  const routeKey = JSON.stringify(routeParams);
  const phone = useMediaQuery(PHONE_WIDTH, { noSsr: true });
  // undefined while the query schema loads: the filters in the URL are read against it
  const [filterAssets, setFilterAssets] = useState<FilterAssets | null | undefined>(declaration.query ? undefined : null);
  const [loading, setLoading] = useState<Loading>({ status: 'loading', page: null });
  const [reloads, setReloads] = useState(0);
  const pageSize = declaration.pageSize ?? DEFAULT_PAGE_SIZE;
  const toolbarGates = useToolbarGates(declaration.toolbarActions, routeParams);
  const cellsReady = useCellsReady(declaration);

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

  const { pageParam, sortParam } = declaration;
  // a list with parameters of its own reads only its page and order from the URL (its filters are its host's)
  const ownParams = Boolean(pageParam || sortParam);
  // the query schema's fields, and those the list shows itself: a field the ui-schema hides is the hosting screen's
  const queryFields = useMemo(() => {
    const all = filterFieldsOf(filterAssets?.schema);
    return { all, own: all.filter((field) => !hiddenInUiSchema(filterAssets?.uiSchema, field)) };
  }, [filterAssets]);
  const query = useMemo(() => {
    const read = ownParams ? readOwnListQuery(searchParams, pageParam, sortParam) : readListQuery(searchParams, queryFields.all);
    return filterAssets ? checkedListQuery(read, filterAssets, pageSize) : read;
  }, [searchParams, filterAssets, queryFields, pageSize, pageParam, sortParam, ownParams]);
  // a selectable list keeps its checked rows itself unless the host keeps them
  const [ownSelected, setOwnSelected] = useState<string[]>([]);
  const selection = host.selection ?? (declaration.selectable ? { selected: ownSelected, onChange: setOwnSelected } : undefined);
  const hostFilters = host.filters;
  const loadFilters = useMemo(() => ({ ...hostFilters, ...query.filters }), [hostFilters, query.filters]);
  // a list whose load answers every row sorts them itself: its load is not asked again for another order
  const fetchFilters = useMemo(() => (declaration.whole ? withoutOrder(loadFilters) : loadFilters), [declaration.whole, loadFilters]);
  const queryKey = JSON.stringify([fetchFilters, query.pageNum]);
  // another page, other filters or a reload after an action clear the selection: what was checked
  // may not be there any more. The same page loaded again (its declaration or filter assets came
  // anew) keeps it, so rows checked meanwhile stay checked.
  const clearSelection = useRef(selection?.onChange);
  clearSelection.current = selection?.onChange;
  const selectionScope = JSON.stringify([queryKey, routeKey, reloads, host.reloadSignal]);
  const loadedScope = useRef<string | null>(null);
  const onLoaded = useRef(host.onLoaded);
  onLoaded.current = host.onLoaded;

  useEffect(() => {
    if (filterAssets === undefined || !declaration.load) return;
    let live = true;
    setLoading((current) => ({ status: 'loading', page: current.status === 'failed' ? null : current.page }));
    runOperation(declaration.load, { ...fetchFilters, pageNum: query.pageNum, pageSize }, routeParams)
      .then((page) => {
        if (!live) return;
        setLoading({ status: 'loaded', page: page as Page<Row> });
        if (loadedScope.current !== selectionScope) clearSelection.current?.([]);
        loadedScope.current = selectionScope;
        onLoaded.current?.((page as Page<Row>).records);
      })
      .catch(() => live && setLoading({ status: 'failed' }));
    return () => {
      live = false;
    };
    // queryKey and routeKey stand for the filters and `routeParams` (new objects on every render of the same URL)
  }, [declaration, queryKey, routeKey, filterAssets, pageSize, reloads, host.reloadSignal, selectionScope]);

  // The query string this list last asked for. A press is read against it, not against the
  // render's `searchParams`: the router renders a new URL in a transition, so a second press
  // (a header turning round) may come before the render of the first and would otherwise undo it.
  const latestSearch = useRef(searchParams);
  useLayoutEffect(() => {
    latestSearch.current = searchParams;
  }, [searchParams]);
  // the list changes only its own parameters: a host's filters and a second list's page stay
  const goTo = (next: {
    filters?: Record<string, string> | ((current: Record<string, string>) => Record<string, string>);
    pageNum: number;
  }) => {
    const params = new URLSearchParams(latestSearch.current);
    const read = ownParams ? readOwnListQuery(params, pageParam, sortParam) : readListQuery(params, queryFields.all);
    const current = filterAssets ? checkedListQuery(read, filterAssets, pageSize).filters : read.filters;
    const filters = typeof next.filters === 'function' ? next.filters(current) : (next.filters ?? current);
    const own = ownParams
      ? ownListQueryParams({ filters, pageNum: next.pageNum }, pageParam, sortParam)
      : listQueryParams({ filters, pageNum: next.pageNum });
    // a field the ui-schema hides is not the list's: the screen hosting it keeps it in the URL (its own search)
    for (const field of ownParams ? ownListParamNames(pageParam, sortParam) : [...queryFields.own, ...PAGING_FIELDS]) params.delete(field);
    for (const [field, value] of Object.entries(own)) if (value) params.set(field, value);
    latestSearch.current = params;
    setSearchParams(params);
  };
  const { onChanged } = host;
  const afterRun = useCallback((action: ListAction) => (onChanged ? onChanged(action) : setReloads((count) => count + 1)), [onChanged]);
  const onPress = useActionPress(routeParams, host, afterRun);
  const userType = useSession((session) => session.userType);

  // what a failed download says (the server's refusal in the user's language, or the list's text)
  const [downloadFailed, setDownloadFailed] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const download = (operation: string) => {
    setDownloading(true);
    setDownloadFailed(null);
    runOperation(operation, loadFilters, routeParams)
      .catch((error: unknown) => setDownloadFailed(listFailureMessage(error)))
      .finally(() => setDownloading(false));
  };

  const title = t(declaration.titleKey);
  const testId = declaration.testId ?? declaration.id;
  const given = host.records;
  const page = given ? onePage(given) : loading.status === 'failed' ? null : loading.page;
  const toolbarActions = declaration.toolbarActions ?? [];
  const downloads = downloadsFor(declaration.download, userType);
  // the headers of sortable columns set `sort` and `order`, kept with the filters (the query schema has them);
  // a query schema of nothing else (a list that sorts but does not filter) has no filter bar, nor has one whose
  // other fields the ui-schema hides (the screen hosting the list searches them with its own bar), nor a list
  // with parameters of its own (its host's filters are its filters)
  const barFields = ownParams ? [] : queryFields.own.filter((field) => !ORDER_FIELDS.has(field));
  // a list paged by its own parameter sorts only under its own names (sortParam): `sort` is the screen's other list's
  const sorting: ListSorting | undefined =
    (!pageParam || sortParam) && queryFields.all.includes('sort') && declaration.columns.some((column) => column.sort)
      ? {
          sort: query.filters.sort,
          order: query.filters.order === 'desc' ? 'desc' : 'asc',
          onSort: (sort, order) => goTo({ filters: (current) => sortedFilters(current, sort, order), pageNum: 1 }),
        }
      : undefined;
  // rows that come whole (a host's, or a load answering every row) are sorted here, as their export is on the server;
  // a paged list's rows come sorted from its load
  const sortsItself = Boolean(given) || declaration.whole === true;
  const ownRows = page?.records ?? [];
  const shownRows = sortsItself && sorting?.sort ? sortedWhole(ownRows, sorting) : ownRows;
  // the host's facts (hostFacts) ride on every row, for the actions' conditions and operations
  const { facts } = host;
  const records = facts ? shownRows.map((row) => ({ ...facts, ...row })) : shownRows;
  const bodyProps = {
    sorting,
    declaration,
    records,
    title,
    testId,
    busy: !given && loading.status === 'loading',
    onPress,
    selection,
  };
  // what a toolbar action gets: the filters, and the checked rows of a selectable list
  const toolbarRow = selection ? { ...loadFilters, selectedIds: selection.selected } : loadFilters;
  const Frame = host.embedded ? Box : Paper;
  return (
    <Frame sx={{ p: host.embedded ? 0 : 2, minWidth: 0 }}>
      {declaration.query && filterAssets && barFields.length > 0 && (
        <ListFilterForm
          assets={filterAssets}
          values={query.filters}
          submitLabelKey={declaration.query.submitLabelKey}
          label={title}
          onSubmit={(filters) => goTo({ filters, pageNum: 1 })}
        />
      )}
      {(downloads.length > 0 || toolbarActions.length > 0) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1, alignItems: 'flex-start' }} data-testid={`${testId}-toolbar`}>
          {downloads.map((item) => (
            <Button
              key={item.operation}
              variant="outlined"
              size="small"
              // until the query schema is read the filters lack the order: the file would not be what the list shows
              disabled={downloading || filterAssets === undefined}
              onClick={() => download(item.operation)}
              data-testid={item.testId ?? `${testId}-download`}
            >
              {t(item.labelKey)}
            </Button>
          ))}
          {toolbarActions.map((action) => (
            <ListActionButton
              key={action.id}
              action={action}
              row={toolbarRow}
              listTestId={testId}
              size="medium"
              toolbarGate={toolbarGates[action.id] ?? null}
              onPress={onPress}
            />
          ))}
        </Box>
      )}
      {downloadFailed && (
        <Alert severity="error" data-testid={`${testId}-download-failed`}>
          {downloadFailed}
        </Alert>
      )}
      {!given && loading.status === 'failed' && <Alert severity="error">{t(declaration.errorKey ?? 'list.loadFailed')}</Alert>}
      {!given && loading.status === 'loading' && !page && <CircularProgress aria-label={t('common.loading')} />}
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
      {page && page.records.length > 0 && cellsReady && (phone ? <ListCards {...bodyProps} /> : <ListTable {...bodyProps} />)}
      {page && <PagePagination total={page.total} pageSize={pageSize} page={query.pageNum} onChange={(pageNum) => goTo({ pageNum })} />}
    </Frame>
  );
}
