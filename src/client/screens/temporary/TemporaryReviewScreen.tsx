import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Page } from '../../../shared/api-types';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { AuditStatus } from '../../../shared/guest-api';
import temporaryPageQuery from '../../../generated/schemas/temporary-page-query.json';
import { auditStatuses } from '../../../shared/schema-enums';
import { limitAt } from '../../../shared/schema-limits';
import { temporaryApiPaths, temporaryTypes, type TemporaryItem, type TemporaryType } from '../../../shared/temporary-api';
import { downloadExport } from '../../api/console-endpoints';
import { temporaryApi } from '../../api/temporary-endpoints';
import { filterFromSearch, searchFromFilter, type TemporaryFilter } from './temporary-filter-url';
import { WizardStepForm } from '../../engine/wizard/WizardStepForm';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { formatDateTime } from '../../util/date-format';
import { TemporaryCodesPanel } from './TemporaryCodesPanel';
import { TemporaryPicture } from './TemporaryPicture';
import { TemporaryRecommendationsPanel } from './TemporaryRecommendationsPanel';
import { PagePagination } from '../../util/PagePagination';

const PAGE_SIZE = 20;
const KEYWORD_MAX_LENGTH = limitAt(temporaryPageQuery, '/properties/keyword', 'maxLength');

type Filter = TemporaryFilter;

/**
 * /admin/temporary: organisers search the temporary registrations, see each picture, approve or
 * reject one or many (with a reason), and export the current filter to Excel.
 */
export default function TemporaryReviewScreen() {
  const t = useKeyTranslation();
  // the filter lives in the URL (issue 19 item 17): reload, links and Back keep it
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => filterFromSearch(searchParams), [searchParams]);
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page<TemporaryItem> | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [formKey, setFormKey] = useState(0);

  const load = useCallback(() => {
    temporaryApi
      .page({ ...filter, pageNum, pageSize: PAGE_SIZE })
      .then((result) => {
        setPage(result);
        setSelected([]);
      })
      .catch(() => setPage({ records: [], total: 0, pageNum, pageSize: PAGE_SIZE }));
  }, [filter, pageNum]);
  useEffect(load, [load]);

  const change = (next: Filter) => {
    setPageNum(1);
    setSearchParams(searchFromFilter(next), { replace: true });
  };
  const records = page?.records ?? [];
  const allSelected = records.length > 0 && selected.length === records.length;
  const toggle = (id: string) => setSelected((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current, id]));

  async function exportFilter() {
    const params = Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as Record<string, string>;
    // the server names the file by what and when, in the caller's language
    await downloadExport(temporaryApiPaths.export, params, 'temporary-registrations');
  }

  return (
    <Paper sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        {t('temporary.review.title')}
      </Typography>
      <Box component="form" sx={{ display: 'flex', gap: 2, mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
        onSubmit={(event) => {
          event.preventDefault();
          change({ ...filter, keyword: keyword.trim() || undefined });
        }}
      >
        <TextField select size="small" label={t('guest.list.status')} value={filter.status ?? ''} sx={{ minWidth: 140 }}
          onChange={(event) => change({ ...filter, status: (event.target.value || undefined) as AuditStatus | undefined })}
          data-testid="temporary-status"
          // "all" is the empty value: shown, not hidden behind the label
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('temporary.review.allStatuses')}</MenuItem>
          {auditStatuses.map((item) => (
            <MenuItem key={item} value={item}>
              {t(`guest.status.${item}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t('schema.fields.registrationType')} value={filter.registrationType ?? ''} sx={{ minWidth: 140 }}
          onChange={(event) => change({ ...filter, registrationType: (event.target.value || undefined) as TemporaryType | undefined })}
        >
          <MenuItem value="">{t('temporary.review.allTypes')}</MenuItem>
          {temporaryTypes.map((item) => (
            <MenuItem key={item} value={item}>
              {t(`schema.enums.registrationType.${item}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label={t('temporary.review.keyword')} value={keyword} onChange={(event) => setKeyword(event.target.value)} slotProps={{ htmlInput: { maxLength: KEYWORD_MAX_LENGTH } }} data-testid="temporary-keyword" />
        <Button type="submit" variant="outlined" data-testid="temporary-search">
          {t('temporary.review.search')}
        </Button>
        <Button variant="text" onClick={() => void exportFilter()} data-testid="temporary-export">
          {t('temporary.review.export')}
        </Button>
      </Box>
      {records.length === 0 ? (
        <Typography sx={{ p: 2 }}>{t('temporary.review.empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('temporary.review.title')} data-testid="temporary-table">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox checked={allSelected} indeterminate={selected.length > 0 && !allSelected}
                    onChange={() => setSelected(allSelected ? [] : records.map((item) => item.id))}
                    slotProps={{ input: { 'aria-label': t('guest.review.selectAll') } }}
                  />
                </TableCell>
                {['name', 'type', 'mobile', 'region', 'inviteCode', 'event', 'status', 'createdAt', 'actions'].map((column) => (
                  <TableCell key={column}>{t(`temporary.review.columns.${column}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {records.map((item) => (
                <TableRow key={item.id} data-testid="temporary-row" data-id={item.id}>
                  <TableCell padding="checkbox">
                    <Checkbox checked={selected.includes(item.id)} onChange={() => toggle(item.id)}
                      slotProps={{ input: { 'aria-label': t('guest.review.select', { name: item.name }) } }}
                    />
                  </TableCell>
                  <TableCell>{item.name}{item.mediaName ? ` (${item.mediaName})` : ''}</TableCell>
                  <TableCell>{t(`schema.enums.registrationType.${item.registrationType}`)}</TableCell>
                  <TableCell>{item.mobile}</TableCell>
                  <TableCell>{`${item.province} ${item.city}`}</TableCell>
                  <TableCell>{item.inviteCode}</TableCell>
                  <TableCell>{`${item.eventName} · ${t(`temporary.attendanceMode.${item.attendanceMode}`)}`}</TableCell>
                  <TableCell data-testid="temporary-status-cell">
                    {t(`guest.status.${item.status}`)}
                    {item.rejectReason ? ` · ${item.rejectReason}` : ''}
                  </TableCell>
                  <TableCell>{formatDateTime(item.createdAt)}</TableCell>
                  <TableCell>
                    <TemporaryPicture id={item.id} name={item.name} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <PagePagination total={page?.total ?? 0} pageSize={PAGE_SIZE} page={pageNum} onChange={setPageNum} />
      <Box sx={{ mt: 3, maxWidth: 640 }} data-testid="temporary-decision">
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('guest.review.decide')}
        </Typography>
        <WizardStepForm
          key={formKey}
          formId="temporary-decision-form"
          schemaName="review-decision"
          initial={{ ids: [], decision: 'approve' }}
          readOnly={false}
          onDraft={() => {}}
          onSubmit={async (data) => {
            // the selection lives in the table; the server answers "please select attendees" for none
            await temporaryApi.decide({ ...data, ids: selected });
            showToast(t('guest.review.done', { count: selected.length }), 'success', ERROR_TOAST_MS);
            setFormKey((key) => key + 1);
            load();
          }}
        >
          <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid="temporary-submit">
            {t('guest.review.submit')}
          </Button>
        </WizardStepForm>
      </Box>
      <TemporaryCodesPanel />
      <TemporaryRecommendationsPanel />
    </Paper>
  );
}
