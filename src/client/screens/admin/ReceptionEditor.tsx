import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { ReviewItem } from '../../../shared/guest-api';
import { guestApi } from '../../api/guest-endpoints';
import { WizardStepForm } from '../../engine/wizard/WizardStepForm';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/**
 * Organisers set a guest's reception (receptionists at stations and hotels); the unit sees it
 * read-only in the wizard and the guest detail. The form replaces the whole reception.
 */
export function ReceptionEditor({ guest, onClose }: { guest: ReviewItem; onClose: () => void }) {
  const t = useKeyTranslation();
  return (
    <Box sx={{ mt: 3, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, maxWidth: 640 }} data-testid="reception-editor">
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('guest.reception.editTitle', { name: guest.nameZh })}
      </Typography>
      <WizardStepForm
        key={guest.id}
        formId="reception-form"
        schemaName="reception"
        initial={{}}
        readOnly={false}
        onDraft={() => {}}
        onSubmit={async (data) => {
          await guestApi.saveReception(guest.id, data);
          showToast(t('guest.reception.saved'), 'success', ERROR_TOAST_MS);
          onClose();
        }}
      >
        <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
          <Button type="submit" variant="contained" data-testid="reception-save">
            {t('guest.reception.save')}
          </Button>
          <Button type="button" onClick={onClose}>
            {t('common.cancel')}
          </Button>
        </Box>
      </WizardStepForm>
    </Box>
  );
}
