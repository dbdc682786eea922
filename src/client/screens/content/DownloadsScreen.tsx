import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { downloadCategories, type DownloadItem } from '../../../shared/content-api';
import { contentApi } from '../../api/content-endpoints';
import { listDeclaration } from '../../engine/declaration-catalogue';
import { DeclaredList } from '../../engine/DeclaredList';
import { useListHost } from '../../engine/use-list-host';
import { useUrlFilters } from '../../engine/use-url-filters';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { FilterSelect } from '../../util/FilterSelect';
import { RecordFormDialog } from './RecordFormDialog';
import { SearchBar } from './SearchBar';

type Editing = { item: DownloadItem | null } | null;

/** /downloads: the guideline, the agenda and other published files (ui-schemas/screens/downloads.json); organisers publish them here too. */
export default function DownloadsScreen() {
  const t = useKeyTranslation();
  const [filters, setFilters] = useUrlFilters(['keyword', 'category']);
  const [editing, setEditing] = useState<Editing>(null);
  const { host, reload } = useListHost({
    embedded: true,
    filters,
    onEvent: (event, row) => setEditing({ item: event === 'edit' ? (row as unknown as DownloadItem) : null }),
  });

  async function save(data: Record<string, unknown>) {
    if (editing?.item) await contentApi.saveDownload(editing.item.id, data);
    else await contentApi.addDownload(data);
    showToast(t('content.common.saved'), 'success', ERROR_TOAST_MS);
    setEditing(null);
    reload();
  }

  return (
    <Paper sx={{ p: 2, minWidth: 0 }}>
      <Typography sx={{ mb: 2 }}>{t('content.downloads.intro')}</Typography>
      <SearchBar initial={filters.keyword} onSearch={(keyword) => setFilters({ ...filters, keyword })}>
        <FilterSelect
          label={t('content.fields.category')}
          value={filters.category ?? ''}
          allLabel={t('content.common.allCategories')}
          testId="category-filter"
          minWidth={180}
          options={downloadCategories.map((category) => ({ value: category, label: t(`content.enums.category.${category}`) }))}
          onChange={(category) => setFilters({ ...filters, category })}
        />
      </SearchBar>
      <DeclaredList declaration={listDeclaration('downloads')} host={host} />
      {editing && (
        <RecordFormDialog
          title={t(editing.item ? 'content.common.edit' : 'content.common.add')}
          schemaName="download"
          initial={
            editing.item
              ? {
                  title: editing.item.title,
                  category: editing.item.category,
                  ...(editing.item.description ? { description: editing.item.description } : {}),
                  file: editing.item.file,
                }
              : {}
          }
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
    </Paper>
  );
}
