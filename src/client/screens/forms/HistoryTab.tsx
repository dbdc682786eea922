import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useCallback, useEffect, useState } from 'react';
import type { FormPublishCountChanged, FormVersionEntry, FormVersionStamp } from '../../../shared/form-versions-api';
import { ApiError } from '../../api/api-error';
import { formVersionsApi } from '../../api/form-versions-endpoints';
import { askConfirm, showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { formatDateTime } from '../../util/date-format';
import { PlainSelect } from './PlainSelect';
import { VersionDifferenceList } from './VersionDifferenceList';
import type { ModelContext } from './model/field-spec';

interface Props {
  form: string;
  ctx: ModelContext;
  onRolledBack: () => void;
}

const TOAST_MS = 4000;

function Stamp({ stamp }: { stamp: FormVersionStamp | undefined }) {
  if (!stamp) return null;
  return (
    <>
      {stamp.name}
      <br />
      {formatDateTime(stamp.at)}
    </>
  );
}

/** Every version of the form with who made and published it, a comparison of any two, and rollback. */
export function HistoryTab({ form, ctx, onRolledBack }: Props) {
  const t = useKeyTranslation();
  const [entries, setEntries] = useState<FormVersionEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const load = useCallback(async () => {
    try {
      const history = await formVersionsApi.history(form);
      setEntries(history);
      // newest first: compare the one before the newest with the newest
      setTo(String(history[0]?.version ?? ''));
      setFrom(String(history[1]?.version ?? history[0]?.version ?? ''));
    } catch {
      setFailed(true);
    }
  }, [form]);
  useEffect(() => {
    void load();
  }, [load]);

  const rollback = async (version: number, affected: number | null): Promise<void> => {
    const confirmed = await askConfirm({
      title: t('forms.history.rollbackTitle', { version }),
      message: affected === null ? t('forms.history.rollbackMessage', { version }) : t('forms.publish.confirmMessage', { count: affected }),
      confirmLabel: t('forms.history.rollback'),
      cancelLabel: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      const published = await formVersionsApi.rollback(form, version, { confirmedAffected: affected ?? 0 });
      showToast(t('forms.publish.done', { version: published.version }), 'success', TOAST_MS);
      await load();
      onRolledBack();
    } catch (error) {
      // the server names how many stored records the copy would change: confirm that count
      const changed =
        error instanceof ApiError && error.code === 409
          ? (error.envelope?.data as Partial<FormPublishCountChanged> | undefined)
          : undefined;
      if (typeof changed?.affected === 'number' && changed.affected !== affected) await rollback(version, changed.affected);
    }
  };

  if (failed) return <Alert severity="error">{t('forms.history.failed')}</Alert>;
  if (!entries) return null;
  const choices = entries.map((entry) => ({
    value: String(entry.version),
    label: t('forms.history.versionState', { version: entry.version, state: t(`forms.states.${entry.state}`) }),
  }));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Table size="small" aria-label={t('forms.history.title')} data-testid="history">
        <TableHead>
          <TableRow>
            <TableCell>{t('forms.history.version')}</TableCell>
            <TableCell>{t('forms.history.state')}</TableCell>
            <TableCell>{t('forms.history.created')}</TableCell>
            <TableCell>{t('forms.history.updated')}</TableCell>
            <TableCell>{t('forms.history.published')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.version} data-testid={`history-${entry.version}`}>
              <TableCell>
                {entry.version}
                {entry.copyOf !== undefined && ` (${t('forms.history.copyOf', { version: entry.copyOf })})`}
              </TableCell>
              <TableCell>{t(`forms.states.${entry.state}`)}</TableCell>
              <TableCell>
                <Stamp stamp={entry.created} />
              </TableCell>
              <TableCell>
                <Stamp stamp={entry.updated} />
              </TableCell>
              <TableCell>
                <Stamp stamp={entry.published} />
              </TableCell>
              <TableCell>
                {entry.state === 'retired' && (
                  <Button size="small" onClick={() => void rollback(entry.version, null)} data-testid={`rollback-${entry.version}`}>
                    {t('forms.history.rollback')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <PlainSelect label={t('forms.history.from')} value={from} options={choices} onChange={setFrom} testId="compare-from" />
        <PlainSelect label={t('forms.history.to')} value={to} options={choices} onChange={setTo} testId="compare-to" />
      </Box>
      {from && to && from !== to && <VersionDifferenceList form={form} ctx={ctx} from={Number(from)} to={Number(to)} />}
    </Box>
  );
}
