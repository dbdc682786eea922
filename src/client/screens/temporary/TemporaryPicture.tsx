import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { temporaryApiPaths } from '../../../shared/temporary-api';
import { fetchFile } from '../../api/fetch-file';
import { readAsDataUrl } from '../../engine/uploads/upload-request';

/** A registration's picture in a dialog, read through the organisers' route (data: URL, CSP allows it). */
export function TemporaryPicture({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('temporary');
  const [open, setOpen] = useState(false);
  const [source, setSource] = useState<string | null>(null);

  useEffect(() => {
    if (!open || source) return;
    let live = true;
    void fetchFile(temporaryApiPaths.picture(id)).then(async (file) => {
      if (live && file.ok) setSource(await readAsDataUrl(file.blob));
    });
    return () => {
      live = false;
    };
  }, [open, id, source]);

  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid="temporary-picture-open">
        {t('review.picture')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`picture-${id}`}>
        <DialogTitle id={`picture-${id}`}>{name}</DialogTitle>
        <DialogContent>
          {source && <img src={source} alt={name} data-testid="temporary-picture" style={{ maxWidth: 360, maxHeight: 480 }} />}
        </DialogContent>
      </Dialog>
    </>
  );
}
