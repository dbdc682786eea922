import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FormSummary, FormVersionEntry } from '../../../shared/form-versions-api';
import { formVersionsApi } from '../../api/form-versions-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { formatDateTime } from '../../util/date-format';
import { FormEditor } from './FormEditor';

function VersionCell({ entry, stamp }: { entry: FormVersionEntry | null; stamp: 'published' | 'updated' }) {
  const t = useKeyTranslation();
  if (!entry) return <>{t('forms.list.none')}</>;
  const by = entry[stamp];
  return (
    <>
      {t('forms.list.version', { version: entry.version })}
      {by && ` · ${by.name} · ${formatDateTime(by.at)}`}
    </>
  );
}

/** /admin/forms: the registrant forms with their live and draft versions; `?form=` opens one in the editor. */
export default function FormsScreen() {
  const t = useKeyTranslation();
  const [params, setParams] = useSearchParams();
  const [forms, setForms] = useState<FormSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      setForms(await formVersionsApi.list());
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const open = params.get('form');
  const summary = forms?.find((form) => form.name === open);
  if (failed) return <Alert severity="error">{t('forms.list.failed')}</Alert>;
  if (!forms) return <CircularProgress aria-label={t('common.loading')} />;
  if (summary) {
    return (
      <FormEditor
        key={summary.name}
        summary={summary}
        onClose={() => setParams({})}
        onChanged={() => {
          void load();
        }}
      />
    );
  }
  return (
    <Paper sx={{ overflowX: 'auto' }}>
      <Table aria-label={t('forms.list.title')} data-testid="forms-list">
        <TableHead>
          <TableRow>
            <TableCell>{t('forms.list.form')}</TableCell>
            <TableCell>{t('forms.list.live')}</TableCell>
            <TableCell>{t('forms.list.draft')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {forms.map((form) => (
            <TableRow key={form.name} data-testid={`form-${form.name}`}>
              <TableCell>{t(form.titleKey)}</TableCell>
              <TableCell>
                <VersionCell entry={form.live} stamp="published" />
              </TableCell>
              <TableCell>
                <VersionCell entry={form.draft} stamp="updated" />
              </TableCell>
              <TableCell>
                <Button size="small" variant="outlined" onClick={() => setParams({ form: form.name })} data-testid={`edit-${form.name}`}>
                  {form.draft ? t('forms.list.editDraft') : t('forms.list.startDraft')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
