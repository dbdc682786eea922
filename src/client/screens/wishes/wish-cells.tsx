import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { formatBytes } from '../../../shared/upload-rules';
import { uploadPaths } from '../../../shared/upload-api';
import type { WishFile } from '../../../shared/wish-api';
import { saveBlob } from '../../api/download-file';
import { fetchFile } from '../../api/fetch-file';
import { showToast } from '../../feedback/feedback-store';
import { translateKey as t } from '../../i18n/translate-key';

type Row = Record<string, unknown>;

const FILE_FIELDS = ['logo', 'video', 'audio'] as const;

/** Saved under the name the unit gave the file, whatever name the file route answers with. */
async function download(file: WishFile) {
  const fetched = await fetchFile(`${uploadPaths.file}/${encodeURIComponent(file.id)}`);
  if (fetched.ok) saveBlob(fetched.blob, file.name);
  else showToast(t('wish.list.downloadFailed'), 'error', ERROR_TOAST_MS);
}

/** Cells of the organisers' list of good wishes (list declaration `cell`). */
export const wishCells = {
  /** the message from the document; a message of files only says so */
  wishMessage: (row: Row) => {
    const message = (row.document as Record<string, unknown> | undefined)?.wishMessage;
    return typeof message === 'string' ? message : t('wish.list.noMessage');
  },
  /** a download button per stored file, with its size; the file name keeps its case (logo.eps, not LOGO.EPS) */
  wishFiles: (row: Row) => {
    const files = (row.files ?? {}) as Partial<Record<string, WishFile>>;
    return FILE_FIELDS.map((field) => [field, files[field]] as const).map(([field, file]) =>
      file ? (
        <Box key={field}>
          <Button size="small" sx={{ textTransform: 'none' }} onClick={() => void download(file)} data-testid={`wish-download-${field}`}>
            {t('wish.list.download', { field: t(`wish.fields.${field}`), name: file.name })}
          </Button>
          <Typography component="span" variant="caption">
            {formatBytes(file.bytes)}
          </Typography>
        </Box>
      ) : null,
    );
  },
};
