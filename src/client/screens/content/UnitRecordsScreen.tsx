import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { ContentRecord, UnitRecordKind } from '../../../shared/content-api';
import { contentApi } from '../../api/content-endpoints';
import { askConfirm, showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { RecordFormDialog } from './RecordFormDialog';
import { RecordTable, type Column } from './RecordTable';
import { SearchBar } from './SearchBar';
import { usePaged } from './use-paged';

export interface UnitRecordsConfig {
  kind: UnitRecordKind;
  /** i18n keys */
  title: string;
  intro: string;
  columns: Column<ContentRecord>[];
  nameOf: (record: ContentRecord) => string;
}

type Editing = { record: ContentRecord | null } | null;

/** A unit's own records (vehicles, unofficial-activity guests): list, search, add, edit, delete. */
export function UnitRecordsScreen({ config }: { config: UnitRecordsConfig }) {
  const t = useKeyTranslation();
  const [keyword, setKeyword] = useState('');
  const { page, setPageNum, reload } = usePaged((query) => contentApi.page(config.kind, query), { keyword: keyword || undefined });
  const [editing, setEditing] = useState<Editing>(null);

  async function save(data: Record<string, unknown>) {
    if (editing?.record) await contentApi.saveUnitRecord(config.kind, editing.record.id, data);
    else await contentApi.addUnitRecord(config.kind, data);
    showToast(t('content.common.saved'), 'success', ERROR_TOAST_MS);
    setEditing(null);
    reload();
  }

  async function remove(record: ContentRecord) {
    const confirmed = await askConfirm({
      title: t('content.common.deleteTitle'),
      message: t('content.common.deleteMessage', { name: config.nameOf(record) }),
      confirmLabel: t('content.common.delete'),
      cancelLabel: t('content.common.cancel'),
    });
    if (!confirmed) return;
    await contentApi.deleteUnitRecord(config.kind, record.id);
    reload();
  }

  return (
    <Paper sx={{ p: 2 }}>
      <Typography sx={{ mb: 2 }}>{t(config.intro)}</Typography>
      <SearchBar
        onSearch={setKeyword}
        actions={
          <Button variant="contained" onClick={() => setEditing({ record: null })} data-testid="add-record">
            {t('content.common.add')}
          </Button>
        }
      />
      <RecordTable
        label={t(config.title)}
        page={page}
        columns={config.columns}
        onPage={setPageNum}
        testId={config.kind}
        actions={(record) => (
          <>
            <Button size="small" onClick={() => setEditing({ record })}>
              {t('content.common.edit')}
            </Button>
            <Button size="small" color="error" onClick={() => void remove(record)}>
              {t('content.common.delete')}
            </Button>
          </>
        )}
      />
      {editing && (
        <RecordFormDialog
          title={t(editing.record ? 'content.common.edit' : 'content.common.add')}
          schemaName={config.kind}
          initial={editing.record?.document ?? {}}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
    </Paper>
  );
}
