import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { formatBytes } from '../../../shared/upload-rules';
import type { WishFile, WishPage } from '../../../shared/wish-api';
import { wishApi } from '../../api/wish-endpoints';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { formatDateTime } from '../../util/date-format';
import { downloadStoredFile } from './wish-file-download';
import { PagePagination } from '../../util/PagePagination';

const PAGE_SIZE = 20;
const FILE_FIELDS = ['logo', 'video', 'audio'] as const;

/** /admin/wishes: every unit's message of good wishes, last saved first, with its files to download. */
export default function WishListScreen() {
  const t = useKeyTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<WishPage | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    wishApi
      .wishPage({ pageNum, pageSize: PAGE_SIZE })
      .then((loaded) => {
        setFailed(false);
        setPage(loaded);
      })
      .catch(() => setFailed(true));
  }, [pageNum]);

  async function download(file: WishFile) {
    if (!(await downloadStoredFile(file.id, file.name))) showToast(t('wish.list.downloadFailed'), 'error', ERROR_TOAST_MS);
  }

  if (failed) return <Alert severity="error">{t('wish.list.loadFailed')}</Alert>;
  if (!page) return null;
  return (
    <Paper sx={{ p: 2 }}>
      {page.records.length === 0 ? (
        <Typography sx={{ p: 2 }}>{t('wish.list.empty')}</Typography>
      ) : (
        <Table size="small" aria-label={t('wish.list.title')} data-testid="wish-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('wish.list.unit')}</TableCell>
              <TableCell>{t('wish.list.message')}</TableCell>
              <TableCell>{t('wish.list.files')}</TableCell>
              <TableCell>{t('wish.list.updatedAt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {page.records.map((wish) => (
              <TableRow key={wish.id} data-testid="wish-row">
                <TableCell>{wish.unitName}</TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap', maxWidth: 360 }}>
                  {typeof wish.document.wishMessage === 'string' ? wish.document.wishMessage : t('wish.list.noMessage')}
                </TableCell>
                <TableCell>
                  {FILE_FIELDS.filter((field) => wish.files[field]).map((field) => {
                    const file = wish.files[field]!;
                    return (
                      <Box key={field}>
                        <Button size="small" onClick={() => void download(file)} data-testid={`wish-download-${field}`}>
                          {t('wish.list.download', { field: t(`wish.fields.${field}`), name: file.name })}
                        </Button>
                        <Typography component="span" variant="caption">
                          {formatBytes(file.bytes)}
                        </Typography>
                      </Box>
                    );
                  })}
                </TableCell>
                <TableCell>{formatDateTime(wish.updatedAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <PagePagination total={page.total} pageSize={PAGE_SIZE} page={pageNum} onChange={setPageNum} />
    </Paper>
  );
}
