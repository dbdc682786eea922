import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { CatalogueKind, ContentRecord } from '../../../shared/content-api';
import { contentApi } from '../../api/content-endpoints';
import { askConfirm, showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { useSession } from '../../session/session-store';
import { ImportDialog } from './ImportDialog';
import { RecordDetailDialog } from './RecordDetailDialog';
import { RecordFormDialog } from './RecordFormDialog';
import { RecordTable, type Column } from './RecordTable';
import { SearchBar } from './SearchBar';
import { usePaged } from './use-paged';

export interface CatalogueConfig {
  kind: CatalogueKind;
  /** i18n key of the table's label */
  title: string;
  columns: Column<ContentRecord>[];
  /** the record's name in the delete confirmation */
  nameOf: (record: ContentRecord) => string;
}

type Editing = { record: ContentRecord | null } | null;

/**
 * A catalogue (historical guests, investment projects): units read it page by page with a
 * keyword search; organisers also add, edit, delete and import from Excel.
 */
export function CatalogueScreen({ config, filter, filters }: { config: CatalogueConfig; filter?: ReactNode; filters?: Record<string, string | undefined> }) {
  const t = useKeyTranslation();
  const organiser = useSession((session) => session.userType === 'organiser');
  const [keyword, setKeyword] = useState('');
  const { page, setPageNum, reload } = usePaged((query) => contentApi.page(config.kind, query), { keyword: keyword || undefined, ...filters });
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const [viewing, setViewing] = useState<ContentRecord | null>(null);

  async function save(data: Record<string, unknown>) {
    if (editing?.record) await contentApi.saveCatalogue(config.kind, editing.record.id, data);
    else await contentApi.addCatalogue(config.kind, data);
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
    await contentApi.deleteCatalogue(config.kind, record.id);
    reload();
  }

  return (
    <Paper sx={{ p: 2 }}>
      <SearchBar
        onSearch={setKeyword}
        actions={
          organiser && (
            <>
              <Button variant="outlined" onClick={() => setImporting(true)} data-testid="import">
                {t('content.common.importExcel')}
              </Button>
              <Button variant="contained" onClick={() => setEditing({ record: null })} data-testid="add-record">
                {t('content.common.add')}
              </Button>
            </>
          )
        }
      >
        {filter}
      </SearchBar>
      <RecordTable
        label={t(config.title)}
        page={page}
        columns={config.columns}
        onPage={setPageNum}
        testId={config.kind}
        actions={(record) => (
          <>
            <Button size="small" onClick={() => setViewing(record)} data-testid="view-record">
              {t('content.common.detail')}
            </Button>
            {organiser && (
              <>
                <Button size="small" onClick={() => setEditing({ record })}>
                  {t('content.common.edit')}
                </Button>
                <Button size="small" color="error" onClick={() => void remove(record)}>
                  {t('content.common.delete')}
                </Button>
              </>
            )}
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
      {viewing && (
        // pictures are file ids: the read view leaves them out rather than show a bare id
        <RecordDetailDialog title={config.nameOf(viewing)} schemaName={config.kind} data={viewing.document} hidden={['photo', 'businessCard']} onClose={() => setViewing(null)} />
      )}
      {importing && <ImportDialog kind={config.kind} onClose={() => setImporting(false)} onImported={reload} />}
    </Paper>
  );
}
