import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { guestApi } from '../../api/guest-endpoints';
import { SchemaForm } from '../../engine/SchemaForm';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/**
 * Photo change of an approved guest (SPEC section 4): a new photo and a reason; the guest goes
 * back to review. The server answers "photo change failed" and friends itself.
 */
export function PhotoChangePanel({ guestId, onChanged }: { guestId: string; onChanged: () => void }) {
  const t = useKeyTranslation();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="outlined" onClick={() => setOpen(true)} data-testid="photo-change-open">
        {t('guest.photoChange.open')}
      </Button>
    );
  }
  return (
    <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="photo-change">
      <Typography component="h3" variant="subtitle1">
        {t('guest.photoChange.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('guest.photoChange.note')}
      </Typography>
      <SchemaForm
        formId="photo-change-form"
        schemaName="photo-change"
        initial={{}}
        onSubmit={async (data) => {
          await guestApi.changePhoto(guestId, data);
          showToast(t('guest.photoChange.done'), 'success', ERROR_TOAST_MS);
          setOpen(false);
          onChanged();
        }}
      >
        <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
          <Button type="submit" variant="contained" data-testid="photo-change-submit">
            {t('guest.photoChange.submit')}
          </Button>
          <Button type="button" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </Button>
        </Box>
      </SchemaForm>
    </Box>
  );
}
