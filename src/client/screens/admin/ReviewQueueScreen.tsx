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
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Page } from '../../../shared/api-types';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { AuditStatus, ReviewItem } from '../../../shared/guest-api';
import { guestApi } from '../../api/guest-endpoints';
import { WizardStepForm } from '../../engine/wizard/WizardStepForm';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { formatDateTime } from '../../util/date-format';
import { GuestStatus } from '../guests/GuestStatus';
import { ReceptionEditor } from './ReceptionEditor';
import { auditStatuses } from '../../../shared/schema-enums';
import { PagePagination } from '../../util/PagePagination';

const PAGE_SIZE = 20;
const STATUSES = auditStatuses;

/**
 * /admin/review: the organisers' review queue across units. Select one or many guests, then
 * approve, or reject with a reason (the review-decision form; the server writes the audit log
 * and notifies the unit).
 */
export default function ReviewQueueScreen() {
  const t = useKeyTranslation();
  const [status, setStatus] = useState<AuditStatus>('pending');
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page<ReviewItem> | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [formKey, setFormKey] = useState(0);
  const [receptionOf, setReceptionOf] = useState<ReviewItem | null>(null);

  const load = useCallback(() => {
    guestApi
      .reviewPage({ pageNum, pageSize: PAGE_SIZE, status })
      .then((result) => {
        setPage(result);
        setSelected([]);
      })
      .catch(() => setPage({ records: [], total: 0, pageNum, pageSize: PAGE_SIZE }));
  }, [pageNum, status]);
  useEffect(load, [load]);

  const records = page?.records ?? [];
  const allSelected = records.length > 0 && selected.length === records.length;
  const toggle = (id: string) => setSelected((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current, id]));

  return (
    <Paper sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, alignItems: 'center' }}>
        <TextField select size="small" label={t('guest.list.status')} value={status} sx={{ minWidth: 140 }}
          onChange={(event) => {
            setPageNum(1);
            setStatus(event.target.value as AuditStatus);
          }}
        >
          {STATUSES.map((item) => (
            <MenuItem key={item} value={item}>
              {t(`guest.status.${item}`)}
            </MenuItem>
          ))}
        </TextField>
        <Typography data-testid="review-selected">{t('guest.review.selected', { count: selected.length })}</Typography>
      </Box>
      {records.length === 0 ? (
        <Typography sx={{ p: 2 }}>{t('guest.review.empty')}</Typography>
      ) : (
        <Table size="small" aria-label={t('guest.review.title')} data-testid="review-table">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={selected.length > 0 && !allSelected}
                  onChange={() => setSelected(allSelected ? [] : records.map((item) => item.id))}
                  slotProps={{ input: { 'aria-label': t('guest.review.selectAll') } }}
                />
              </TableCell>
              <TableCell>{t('guest.list.name')}</TableCell>
              <TableCell>{t('guest.review.unit')}</TableCell>
              <TableCell>{t('guest.list.idNumber')}</TableCell>
              <TableCell>{t('guest.review.inviteCode')}</TableCell>
              <TableCell>{t('guest.list.status')}</TableCell>
              <TableCell>{t('guest.review.updatedAt')}</TableCell>
              <TableCell>{t('guest.list.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((item) => (
              <TableRow key={item.id} data-testid="review-row" data-guest-id={item.id}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.includes(item.id)}
                    onChange={() => toggle(item.id)}
                    slotProps={{ input: { 'aria-label': t('guest.review.select', { name: item.nameZh }) } }}
                  />
                </TableCell>
                <TableCell>{item.nameZh}</TableCell>
                <TableCell>{item.unitName}</TableCell>
                <TableCell>{item.idNumberMasked}</TableCell>
                <TableCell>{item.inviteCode ?? t('guest.review.noInviteCode')}</TableCell>
                <TableCell>
                  <GuestStatus guest={item} />
                </TableCell>
                <TableCell>{formatDateTime(item.updatedAt)}</TableCell>
                <TableCell>
                  <Button size="small" component={RouterLink} to={`/admin/guests/${item.id}`} data-testid="record-open">
                    {t('console.record.open')}
                  </Button>
                  <Button size="small" onClick={() => setReceptionOf(item)} data-testid="reception-open">
                    {t('guest.reception.edit')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <PagePagination total={page?.total ?? 0} pageSize={PAGE_SIZE} page={pageNum} onChange={setPageNum} />
      {receptionOf && <ReceptionEditor guest={receptionOf} onClose={() => setReceptionOf(null)} />}
      <Box sx={{ mt: 3, maxWidth: 640 }} data-testid="review-decision">
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('guest.review.decide')}
        </Typography>
        <WizardStepForm
          key={formKey}
          formId="review-decision-form"
          schemaName="review-decision"
          initial={{ ids: [], decision: 'approve' }}
          readOnly={false}
          onDraft={() => {}}
          onSubmit={async (data) => {
            // the selection lives in the table; the server answers "please select attendees" for none
            await guestApi.reviewDecide({ ...data, ids: selected });
            showToast(t('guest.review.done', { count: selected.length }), 'success', ERROR_TOAST_MS);
            setFormKey((key) => key + 1);
            load();
          }}
        >
          <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid="review-submit">
            {t('guest.review.submit')}
          </Button>
        </WizardStepForm>
      </Box>
    </Paper>
  );
}
