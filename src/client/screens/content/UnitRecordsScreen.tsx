import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ContentRecord, UnitRecordKind } from '../../../shared/content-api';
import { contentApi } from '../../api/content-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { RecordTable, type Column } from './RecordTable';
import { SearchBar } from './SearchBar';
import { usePaged } from './use-paged';
import { useRecordEditing } from './use-record-editing';

export interface UnitRecordsConfig {
  kind: UnitRecordKind;
  /** i18n keys */
  title: string;
  intro: string;
  columns: Column<ContentRecord>[];
  nameOf: (record: ContentRecord) => string;
}

/** A unit's own records (vehicles, unofficial-activity guests): list, search, add, edit, delete. */
export function UnitRecordsScreen({ config }: { config: UnitRecordsConfig }) {
  const t = useKeyTranslation();
  const [keyword, setKeyword] = useState('');
  const { page, setPageNum, reload } = usePaged((query) => contentApi.page(config.kind, query), { keyword: keyword || undefined });
  const { edit, remove, dialog } = useRecordEditing({
    schemaName: config.kind,
    calls: {
      add: (document) => contentApi.addUnitRecord(config.kind, document),
      save: (id, document) => contentApi.saveUnitRecord(config.kind, id, document),
      remove: (id) => contentApi.deleteUnitRecord(config.kind, id),
    },
    nameOf: config.nameOf,
    reload,
  });

  return (
    <Paper sx={{ p: 2 }}>
      <Typography sx={{ mb: 2 }}>{t(config.intro)}</Typography>
      <SearchBar
        onSearch={setKeyword}
        actions={
          <Button variant="contained" onClick={() => edit(null)} data-testid="add-record">
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
            <Button size="small" onClick={() => edit(record)}>
              {t('content.common.edit')}
            </Button>
            <Button size="small" color="error" onClick={() => void remove(record)}>
              {t('content.common.delete')}
            </Button>
          </>
        )}
      />
      {dialog}
    </Paper>
  );
}
