import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { CatalogueKind, ContentRecord } from '../../../shared/content-api';
import { contentApi } from '../../api/content-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { useSession } from '../../session/session-store';
import { ImportDialog } from './ImportDialog';
import { RecordDetailDialog } from './RecordDetailDialog';
import { RecordTable, type Column } from './RecordTable';
import { SearchBar } from './SearchBar';
import { usePaged } from './use-paged';
import { useRecordEditing } from './use-record-editing';

export interface CatalogueConfig {
  kind: CatalogueKind;
  /** i18n key of the table's label */
  title: string;
  columns: Column<ContentRecord>[];
  /** the record's name in the delete confirmation */
  nameOf: (record: ContentRecord) => string;
}

/**
 * A catalogue (historical guests, investment projects): units read it page by page with a
 * keyword search; organisers also add, edit, delete and import from Excel.
 */
export function CatalogueScreen({ config, filter, filters }: { config: CatalogueConfig; filter?: ReactNode; filters?: Record<string, string | undefined> }) {
  const t = useKeyTranslation();
  const organiser = useSession((session) => session.userType === 'organiser');
  const [keyword, setKeyword] = useState('');
  const { page, setPageNum, reload } = usePaged((query) => contentApi.page(config.kind, query), { keyword: keyword || undefined, ...filters });
  const { edit, remove, dialog } = useRecordEditing({
    schemaName: config.kind,
    calls: {
      add: (document) => contentApi.addCatalogue(config.kind, document),
      save: (id, document) => contentApi.saveCatalogue(config.kind, id, document),
      remove: (id) => contentApi.deleteCatalogue(config.kind, id),
    },
    nameOf: config.nameOf,
    reload,
  });
  const [importing, setImporting] = useState(false);
  const [viewing, setViewing] = useState<ContentRecord | null>(null);

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
              <Button variant="contained" onClick={() => edit(null)} data-testid="add-record">
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
                <Button size="small" onClick={() => edit(record)}>
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
      {dialog}
      {viewing && (
        // pictures are file ids: the read view leaves them out rather than show a bare id
        <RecordDetailDialog title={config.nameOf(viewing)} schemaName={config.kind} data={viewing.document} hidden={['photo', 'businessCard']} onClose={() => setViewing(null)} />
      )}
      {importing && <ImportDialog kind={config.kind} onClose={() => setImporting(false)} onImported={reload} />}
    </Paper>
  );
}
