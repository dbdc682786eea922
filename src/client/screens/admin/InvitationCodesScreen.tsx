import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import type { Page } from '../../../shared/api-types';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { CodeState, InvitationCodeItem, UnitChoice } from '../../../shared/console-api';
import { consoleApi } from '../../api/console-endpoints';
import { WizardStepForm } from '../../engine/wizard/WizardStepForm';
import { askConfirm, showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { formatDateTime } from '../../util/date-format';
import { UnitPicker } from './UnitPicker';
import { PagePagination } from '../../util/PagePagination';

const PAGE_SIZE = 20;
const STATES: (CodeState | '')[] = ['', 'active', 'used-up', 'expired', 'revoked'];

/**
 * /admin/codes: invitation codes. A batch is bound to one company (picked here, like the review
 * queue's selection) and a guest type with its review rule (the invitation-code-batch form);
 * the list shows usage, expiry and state, and revokes.
 */
export default function InvitationCodesScreen() {
  const t = useKeyTranslation();
  const [company, setCompany] = useState<UnitChoice[]>([]);
  const [created, setCreated] = useState<string[]>([]);
  const [formKey, setFormKey] = useState(0);
  const [state, setState] = useState<CodeState | ''>('');
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page<InvitationCodeItem> | null>(null);

  const load = useCallback(() => {
    consoleApi
      .codePage({ pageNum, pageSize: PAGE_SIZE, state: state || undefined })
      .then(setPage)
      .catch(() => setPage({ records: [], total: 0, pageNum, pageSize: PAGE_SIZE }));
  }, [pageNum, state]);
  useEffect(load, [load]);

  const revoke = async (code: string) => {
    const confirmed = await askConfirm({ title: t('console.codes.revokeTitle'), message: t('console.codes.revokeConfirm', { code }), confirmLabel: t('console.codes.revoke'), cancelLabel: t('common.cancel') });
    if (!confirmed) return;
    await consoleApi.revokeCode(code);
    showToast(t('console.codes.revoked', { code }), 'success', ERROR_TOAST_MS);
    load();
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Paper sx={{ p: 2, maxWidth: 720 }} component="section" aria-labelledby="codes-create-title">
        <Typography component="h2" variant="h6" id="codes-create-title" sx={{ mb: 1 }}>
          {t('console.codes.create')}
        </Typography>
        <UnitPicker label={t('console.schema.fields.company')} value={company} onChange={setCompany} testId="codes-company" />
        <WizardStepForm
          key={`${formKey}:${company[0]?.id ?? ''}`}
          formId="invitation-code-batch-form"
          schemaName="invitation-code-batch"
          initial={{ count: 10, guestType: 'general', reviewRequired: true, companyId: company[0]?.id ?? '' }}
          readOnly={false}
          onDraft={() => {}}
          onSubmit={async (data) => {
            // the company comes from the picker; the server answers 404 for an unknown one
            const codes = await consoleApi.createCodes({ ...data, companyId: company[0]?.id ?? '' });
            setCreated(codes);
            setFormKey((key) => key + 1);
            setPageNum(1);
            load();
          }}
        >
          <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid="codes-submit" disabled={company.length === 0}>
            {t('console.codes.submit')}
          </Button>
        </WizardStepForm>
        {created.length > 0 && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="codes-created">
            {t('console.codes.created', { count: created.length })}
            <Box component="pre" sx={{ m: 0, mt: 1, fontFamily: 'monospace', whiteSpace: 'pre-wrap' }}>
              {created.join('\n')}
            </Box>
          </Alert>
        )}
      </Paper>
      <Paper sx={{ p: 2 }} component="section" aria-labelledby="codes-list-title">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
          <Typography component="h2" variant="h6" id="codes-list-title">
            {t('console.codes.list')}
          </Typography>
          <TextField select size="small" label={t('console.schema.fields.state')} value={state} sx={{ minWidth: 140 }} onChange={(event) => { setPageNum(1); setState(event.target.value as CodeState | ''); }}>
            {STATES.map((item) => (
              <MenuItem key={item} value={item}>
                {item ? t(`console.schema.enums.codeState.${item}`) : t('console.search.any')}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {page && page.records.length === 0 && <Typography>{t('console.codes.empty')}</Typography>}
        {page && page.records.length > 0 && (
          // on a phone the table scrolls inside its container, not the page (issue 19 item 10)
          <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('console.codes.list')} data-testid="codes-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('console.schema.fields.code')}</TableCell>
                <TableCell>{t('console.schema.fields.company')}</TableCell>
                <TableCell>{t('console.schema.fields.guestType')}</TableCell>
                <TableCell>{t('console.schema.fields.reviewRequired')}</TableCell>
                <TableCell>{t('console.codes.usage')}</TableCell>
                <TableCell>{t('console.schema.fields.expiresOn')}</TableCell>
                <TableCell>{t('console.schema.fields.state')}</TableCell>
                <TableCell>{t('console.codes.createdAt')}</TableCell>
                <TableCell>{t('guest.list.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {page.records.map((item) => (
                <TableRow key={item.code} data-testid="code-row" data-code={item.code}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{item.code}</TableCell>
                  <TableCell>{item.companyName ?? ''}</TableCell>
                  <TableCell>{item.guestType ? t(`console.schema.enums.guestType.${item.guestType}`) : ''}</TableCell>
                  <TableCell>{item.reviewRequired === null ? '' : item.reviewRequired ? t('guest.view.yes') : t('guest.view.no')}</TableCell>
                  <TableCell>{item.maxUses === null ? item.usedCount : `${item.usedCount} / ${item.maxUses}`}</TableCell>
                  <TableCell>{item.expiresOn ?? ''}</TableCell>
                  <TableCell>{t(`console.schema.enums.codeState.${item.state}`)}</TableCell>
                  <TableCell>{formatDateTime(item.createdAt)}</TableCell>
                  <TableCell>
                    {item.state !== 'revoked' && (
                      <Button size="small" color="error" onClick={() => void revoke(item.code)} data-testid="code-revoke">
                        {t('console.codes.revoke')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          </TableContainer>
        )}
        <PagePagination total={page?.total ?? 0} pageSize={PAGE_SIZE} page={pageNum} onChange={setPageNum} />
      </Paper>
    </Box>
  );
}
