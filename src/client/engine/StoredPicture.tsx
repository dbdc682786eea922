import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { fetchFileAsDataUrl } from './uploads/upload-request';

/**
 * A stored picture (photo, business card) shown as the picture. The file route needs the
 * session, so it comes as a data: URL; where it cannot be had, the field says that a file was
 * uploaded, as it did before pictures were shown.
 */
export function StoredPicture({ fileId, label }: { fileId: string; label: string }) {
  const t = useKeyTranslation();
  const [src, setSrc] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void fetchFileAsDataUrl(fileId).then((file) => live && setSrc(file?.mime.startsWith('image/') ? file.dataUrl : null));
    return () => {
      live = false;
    };
  }, [fileId]);
  if (src === undefined) return <CircularProgress size={24} aria-label={t('common.loading')} />;
  if (src === null) return <Typography component="span">{t('readOnly.fileUploaded')}</Typography>;
  return (
    <Box
      component="img"
      src={src}
      alt={label}
      data-testid="stored-picture"
      data-file-id={fileId}
      sx={{ display: 'block', maxWidth: 180, maxHeight: 240, border: 1, borderColor: 'divider', borderRadius: 1 }}
    />
  );
}
