import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FormSummary } from '../../../shared/form-versions-api';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { formatDateTime } from '../../util/date-format';
import { FieldsTab } from './FieldsTab';
import { HistoryTab } from './HistoryTab';
import { JsonTab } from './JsonTab';
import { PreviewTab } from './PreviewTab';
import { PublishTab } from './PublishTab';
import { useFormEditor } from './use-form-editor';

const TABS = ['fields', 'json', 'preview', 'publish', 'history'] as const;
type TabName = (typeof TABS)[number];
const TOAST_MS = 3000;

interface Props {
  summary: FormSummary;
  onClose: () => void;
  /** the list changed (a draft saved, a version published) */
  onChanged: () => void;
}

/** One form's draft: fields, expert JSON, preview, stored-records diff and publish, history. */
export function FormEditor({ summary, onClose, onChanged }: Props) {
  const t = useKeyTranslation();
  const { state, ctx, loadFailed, conflict, reload, edit, save } = useFormEditor(summary);
  const [tab, setTab] = useState<TabName>('fields');
  const [saving, setSaving] = useState(false);

  if (loadFailed) return <Alert severity="error">{t('forms.editor.loadFailed')}</Alert>;
  if (!state || !ctx) return <CircularProgress aria-label={t('common.loading')} />;

  const saveDraft = async () => {
    setSaving(true);
    const outcome = await save();
    setSaving(false);
    if (outcome.saved) {
      showToast(t('forms.editor.saved'), 'success', TOAST_MS);
      onChanged();
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button onClick={onClose}>{t('forms.editor.back')}</Button>
        <Typography component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          {t(summary.titleKey)} ·{' '}
          {state.draft
            ? t('forms.editor.draftOf', { version: state.draft.version, revision: state.baseRevision ?? 0 })
            : t('forms.editor.newDraft', { version: state.live?.version ?? 0 })}
        </Typography>
        {state.dirty && <Typography color="warning.main">{t('forms.editor.unsaved')}</Typography>}
        <Button variant="contained" disabled={saving || !state.dirty} onClick={() => void saveDraft()} data-testid="draft-save">
          {t('forms.editor.save')}
        </Button>
      </Box>
      {conflict && (
        <Alert
          severity="error"
          data-testid="draft-conflict"
          action={
            <Button color="inherit" size="small" onClick={() => void reload()}>
              {t('forms.editor.reload')}
            </Button>
          }
        >
          {t('forms.editor.conflict', {
            name: conflict.changed.name,
            at: formatDateTime(conflict.changed.at),
            revision: conflict.revision,
          })}
        </Alert>
      )}
      <Tabs value={tab} onChange={(_event, value: TabName) => setTab(value)} variant="scrollable" allowScrollButtonsMobile>
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`forms.tabs.${name}`)} data-testid={`tab-${name}`} />
        ))}
      </Tabs>
      {tab === 'fields' && <FieldsTab ctx={ctx} document={state.document} onEdit={edit} />}
      {tab === 'json' && <JsonTab form={summary.name} document={state.document} onEdit={edit} />}
      {tab === 'preview' && <PreviewTab form={summary.name} document={state.document} />}
      {tab === 'publish' && (
        <PublishTab
          form={summary.name}
          document={state.document}
          revision={state.draft ? state.baseRevision : null}
          dirty={state.dirty}
          onPublished={onChanged}
        />
      )}
      {tab === 'history' && <HistoryTab form={summary.name} ctx={ctx} onRolledBack={onChanged} />}
    </Box>
  );
}
