import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import type { Page } from '../../../shared/api-types';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { NoticePublicationItem, UnitChoice } from '../../../shared/console-api';
import { consoleApi } from '../../api/console-endpoints';
import { WizardStepForm } from '../../engine/wizard/WizardStepForm';
import { askConfirm, showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { formatDateTime } from '../../util/date-format';
import { UnitPicker } from './UnitPicker';
import { PagePagination } from '../../util/PagePagination';

const PAGE_SIZE = 20;

/**
 * /admin/notices: organisers write a notice (the notice-publication form; units are picked
 * beside it), keep it as a draft, and publish it to everyone or to the chosen account types
 * and units. Published notices are final.
 */
export default function NoticesAdminScreen() {
  const t = useKeyTranslation();
  const [units, setUnits] = useState<UnitChoice[]>([]);
  const [formKey, setFormKey] = useState(0);
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page<NoticePublicationItem> | null>(null);

  const load = useCallback(() => {
    consoleApi
      .noticePage(pageNum, PAGE_SIZE)
      .then(setPage)
      .catch(() => setPage({ records: [], total: 0, pageNum, pageSize: PAGE_SIZE }));
  }, [pageNum]);
  useEffect(load, [load]);

  const publish = async (notice: NoticePublicationItem) => {
    const confirmed = await askConfirm({ title: t('console.notices.publishTitle'), message: t('console.notices.publishConfirm', { title: notice.title }), confirmLabel: t('console.notices.publish'), cancelLabel: t('common.cancel') });
    if (!confirmed) return;
    await consoleApi.publishNotice(notice.id);
    showToast(t('console.notices.published'), 'success', ERROR_TOAST_MS);
    load();
  };
  const remove = async (notice: NoticePublicationItem) => {
    await consoleApi.deleteNotice(notice.id);
    load();
  };
  const audienceText = (notice: NoticePublicationItem) =>
    [
      notice.audiences.length ? notice.audiences.map((type) => t(`console.schema.enums.accountType.${type}`)).join(', ') : t('console.notices.allTypes'),
      notice.unitIds.length ? t('console.notices.unitCount', { count: notice.unitIds.length }) : t('console.notices.allUnits'),
    ].join(' · ');

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper sx={{ p: 2, maxWidth: 760 }} component="section" aria-labelledby="notice-write-title">
        <Typography component="h2" variant="h6" id="notice-write-title" sx={{ mb: 1 }}>
          {t('console.notices.write')}
        </Typography>
        <WizardStepForm
          key={formKey}
          formId="notice-publication-form"
          schemaName="notice-publication"
          // title and content start absent, not '': an empty field is "required", not "too short"
          initial={{ audiences: [], unitIds: [] }}
          readOnly={false}
          onDraft={() => {}}
          onSubmit={async (data) => {
            await consoleApi.createNotice({ ...data, audiences: data.audiences ?? [], unitIds: units.map((unit) => unit.id) });
            showToast(t('console.notices.saved'), 'success', ERROR_TOAST_MS);
            setUnits([]);
            setFormKey((key) => key + 1);
            setPageNum(1);
            load();
          }}
        >
          <Box sx={{ mt: 1 }}>
            <UnitPicker multiple label={t('console.schema.fields.units')} value={units} onChange={setUnits} testId="notice-units" />
          </Box>
          <Button type="submit" variant="contained" sx={{ mt: 2 }} data-testid="notice-save">
            {t('console.notices.saveDraft')}
          </Button>
        </WizardStepForm>
      </Paper>
      <Paper sx={{ p: 2 }} component="section" aria-labelledby="notice-list-title">
        <Typography component="h2" variant="h6" id="notice-list-title" sx={{ mb: 1 }}>
          {t('console.notices.list')}
        </Typography>
        {page && page.records.length === 0 && <Typography>{t('console.notices.empty')}</Typography>}
        {page && page.records.length > 0 && (
          <Table size="small" aria-label={t('console.notices.list')} data-testid="notices-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('schema.fields.noticeTitle')}</TableCell>
                <TableCell>{t('console.notices.recipients')}</TableCell>
                <TableCell>{t('console.schema.fields.state')}</TableCell>
                <TableCell>{t('console.notices.reads')}</TableCell>
                <TableCell>{t('guest.list.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {page.records.map((notice) => (
                <TableRow key={notice.id} data-testid="notice-row" data-status={notice.status}>
                  <TableCell>{notice.title}</TableCell>
                  <TableCell>{audienceText(notice)}</TableCell>
                  <TableCell>
                    <Chip size="small" label={notice.status === 'draft' ? t('console.notices.draft') : `${t('console.notices.publishedAt')} ${formatDateTime(notice.publishedAt ?? '')}`} />
                  </TableCell>
                  <TableCell>{notice.status === 'published' ? notice.readCount : ''}</TableCell>
                  <TableCell>
                    {notice.status === 'draft' && (
                      <>
                        <Button size="small" variant="contained" onClick={() => void publish(notice)} data-testid="notice-publish">
                          {t('console.notices.publish')}
                        </Button>
                        <Button size="small" color="error" onClick={() => void remove(notice)}>
                          {t('console.notices.delete')}
                        </Button>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <PagePagination total={page?.total ?? 0} pageSize={PAGE_SIZE} page={pageNum} onChange={setPageNum} />
      </Paper>
    </Box>
  );
}
