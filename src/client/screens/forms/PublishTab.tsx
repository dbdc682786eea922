import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/constants';
import type { FormDocument, FormPublishCountChanged, StoredRecordsDiff } from '../../../shared/form-versions-api';
import { ApiError } from '../../api/api-error';
import { formVersionsApi } from '../../api/form-versions-endpoints';
import { askConfirm, showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { translateKey } from '../../i18n/translate-key';

interface Props {
  form: string;
  document: FormDocument;
  /** the saved draft's revision; null when there is no draft */
  revision: number | null;
  /** unsaved edits: the diff and the publish are of the saved draft */
  dirty: boolean;
  onPublished: () => void;
}

const TOAST_MS = 4000;

/** A field's label in the draft's own texts (a new field has none in the app's), else the pointer. */
function labelOf(document: FormDocument, language: Language, key: string | undefined, pointer: string): string {
  if (!key) return pointer;
  return document.labels[language]?.[key] ?? translateKey(key);
}

/** The stored-records diff of the saved draft (how many of this edition's records it would change, per field, and which), and publishing it. */
export function PublishTab({ form, document, revision, dirty, onPublished }: Props) {
  const t = useKeyTranslation();
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const [diff, setDiff] = useState<StoredRecordsDiff | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  const load = useCallback(async () => {
    setFailed(false);
    setDiff(null);
    try {
      setDiff(await formVersionsApi.storedRecords(form));
    } catch {
      setFailed(true);
    }
  }, [form]);

  useEffect(() => {
    if (revision !== null) void load();
  }, [load, revision]);

  if (revision === null) return <Alert severity="info">{t('forms.publish.noDraft')}</Alert>;

  const publish = async (affected: number): Promise<void> => {
    const confirmed = await askConfirm({
      title: t('forms.publish.confirmTitle'),
      message: t('forms.publish.confirmMessage', { count: affected }),
      confirmLabel: t('forms.publish.publish'),
      cancelLabel: t('common.cancel'),
    });
    if (!confirmed) return;
    setBusy(true);
    setProblems([]);
    try {
      const published = await formVersionsApi.publish(form, { baseRevision: revision, confirmedAffected: affected });
      showToast(t('forms.publish.done', { version: published.version }), 'success', TOAST_MS);
      onPublished();
    } catch (error) {
      if (error instanceof ApiError && error.code === 409) {
        const changed = error.envelope?.data as Partial<FormPublishCountChanged> | undefined;
        if (typeof changed?.affected === 'number') {
          await load();
          return publish(changed.affected);
        }
      }
      if (error instanceof ApiError && error.code === 400)
        setProblems((error.envelope?.fieldErrors ?? []).map((item) => `${item.pointer}: ${item.message}`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {dirty && <Alert severity="warning">{t('forms.publish.unsaved')}</Alert>}
      {failed && <Alert severity="error">{t('forms.publish.diffFailed')}</Alert>}
      {!diff && !failed && <CircularProgress aria-label={t('common.loading')} />}
      {diff && (
        <>
          <Alert severity={diff.affected > 0 ? 'warning' : 'success'} data-testid="diff-count">
            {t('forms.publish.count', { affected: diff.affected, checked: diff.checked })}
          </Alert>
          {diff.fields.length > 0 && (
            <Table size="small" aria-label={t('forms.publish.perField')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('forms.publish.field')}</TableCell>
                  <TableCell align="right">{t('forms.publish.dropped')}</TableCell>
                  <TableCell align="right">{t('forms.publish.rejected')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {diff.fields.map((field) => (
                  <TableRow key={field.pointer}>
                    <TableCell>{labelOf(document, language, field.label, field.pointer)}</TableCell>
                    <TableCell align="right">{field.dropped}</TableCell>
                    <TableCell align="right">{field.rejected}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {diff.records.length > 0 && (
            <Box component="details">
              <summary>{t('forms.publish.records', { shown: diff.records.length })}</summary>
              <Box component="ul" data-testid="diff-records">
                {diff.records.map((record) => (
                  <li key={`${record.kind}-${record.id}`}>
                    {t('forms.publish.record', { kind: record.kind, id: record.id, version: record.storedVersion })}{' '}
                    {[
                      ...record.dropped.map((entry) =>
                        t('forms.publish.recordDropped', { field: labelOf(document, language, entry.label, entry.pointer) }),
                      ),
                      ...record.problems.map(
                        (entry) => `${labelOf(document, language, entry.label, entry.pointer)}: ${translateKey(entry.key, entry.params)}`,
                      ),
                    ].join('; ')}
                  </li>
                ))}
              </Box>
            </Box>
          )}
          {problems.length > 0 && (
            <Alert severity="error">
              {problems.map((problem) => (
                <div key={problem}>{problem}</div>
              ))}
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('forms.publish.explain')}
          </Typography>
          <Box>
            <Button
              variant="contained"
              color="warning"
              disabled={busy || dirty}
              onClick={() => void publish(diff.affected)}
              data-testid="publish"
            >
              {t('forms.publish.publish')}
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}
