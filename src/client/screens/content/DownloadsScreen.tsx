import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { contentApiPaths, downloadCategories, type DownloadItem } from '../../../shared/content-api';
import { formatBytes } from '../../../shared/upload-rules';
import { contentApi } from '../../api/content-endpoints';
import { askConfirm, showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { useSession } from '../../session/session-store';
import { formatDateTime } from '../../util/date-format';
import { saveAuthorisedFile } from './file-download';
import { RecordFormDialog } from './RecordFormDialog';
import { RecordTable, type Column } from './RecordTable';
import { SearchBar } from './SearchBar';
import { usePaged } from './use-paged';

type Editing = { item: DownloadItem | null } | null;

/** /downloads: the guideline, the agenda and other published files; organisers publish them here too. */
export default function DownloadsScreen() {
  const t = useKeyTranslation();
  const organiser = useSession((session) => session.userType === 'organiser');
  const [filters, setFilters] = useState({ keyword: '', category: '' });
  const { page, setPageNum, reload } = usePaged((query) => contentApi.downloadPage(query), { keyword: filters.keyword || undefined, category: filters.category || undefined });
  const [editing, setEditing] = useState<Editing>(null);

  const columns: Column<DownloadItem>[] = [
    { label: 'content.fields.title', value: (item) => item.title },
    { label: 'content.fields.category', value: (item) => t(`content.enums.category.${item.category}`) },
    { label: 'content.fields.file', value: (item) => item.fileName },
    { label: 'content.downloads.size', value: (item) => formatBytes(item.bytes) },
    { label: 'content.downloads.publishedAt', value: (item) => formatDateTime(item.createdAt) },
  ];

  async function download(item: DownloadItem) {
    const saved = await saveAuthorisedFile(contentApiPaths.downloadFile(item.id), item.fileName);
    if (!saved) showToast(t('content.common.downloadFailed'), 'error', ERROR_TOAST_MS);
  }

  async function save(data: Record<string, unknown>) {
    if (editing?.item) await contentApi.saveDownload(editing.item.id, data);
    else await contentApi.addDownload(data);
    showToast(t('content.common.saved'), 'success', ERROR_TOAST_MS);
    setEditing(null);
    reload();
  }

  async function remove(item: DownloadItem) {
    const confirmed = await askConfirm({
      title: t('content.common.deleteTitle'),
      message: t('content.common.deleteMessage', { name: item.title }),
      confirmLabel: t('content.common.delete'),
      cancelLabel: t('content.common.cancel'),
    });
    if (!confirmed) return;
    await contentApi.deleteDownload(item.id);
    reload();
  }

  return (
    <Paper sx={{ p: 2 }}>
      <Typography sx={{ mb: 2 }}>{t('content.downloads.intro')}</Typography>
      <SearchBar
        onSearch={(keyword) => setFilters((current) => ({ ...current, keyword }))}
        actions={
          organiser && (
            <Button variant="contained" onClick={() => setEditing({ item: null })} data-testid="add-download">
              {t('content.common.add')}
            </Button>
          )
        }
      >
        <TextField
          select
          size="small"
          label={t('content.fields.category')}
          value={filters.category}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(event) => setFilters((current) => ({ ...current, category: event.target.value }))}
          data-testid="category-filter"
        >
          <MenuItem value="">{t('content.common.allCategories')}</MenuItem>
          {downloadCategories.map((category) => (
            <MenuItem key={category} value={category}>
              {t(`content.enums.category.${category}`)}
            </MenuItem>
          ))}
        </TextField>
      </SearchBar>
      <RecordTable
        label={t('content.downloads.title')}
        page={page}
        columns={columns}
        onPage={setPageNum}
        testId="downloads"
        actions={(item) => (
          <>
            <Button size="small" onClick={() => void download(item)} data-testid="download">
              {t('content.common.download')}
            </Button>
            {organiser && (
              <>
                <Button size="small" onClick={() => setEditing({ item })}>
                  {t('content.common.edit')}
                </Button>
                <Button size="small" color="error" onClick={() => void remove(item)}>
                  {t('content.common.delete')}
                </Button>
              </>
            )}
          </>
        )}
      />
      {editing && (
        <RecordFormDialog
          title={t(editing.item ? 'content.common.edit' : 'content.common.add')}
          schemaName="download"
          initial={editing.item ? { title: editing.item.title, category: editing.item.category, ...(editing.item.description ? { description: editing.item.description } : {}), file: editing.item.file } : {}}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
    </Paper>
  );
}
