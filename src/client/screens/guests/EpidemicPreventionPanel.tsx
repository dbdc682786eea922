import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { GuestDetail } from '../../../shared/guest-api';
import { wishApi } from '../../api/wish-endpoints';
import { ReadOnlyDocument } from '../../engine/ReadOnlyDocument';
import { WizardStepForm } from '../../engine/wizard/WizardStepForm';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';

type Guest = Pick<GuestDetail, 'id' | 'status' | 'rejectReason' | 'epidemic' | 'gates'>;

/**
 * Epidemic-prevention information of a guest (SPEC 4: approved guests only), rendered from the
 * epidemic-prevention schema. The gate is the server's (`gates.canEditEpidemicInfo`); when it is
 * shut the panel says why, with the server's own message and the review status.
 */
export function EpidemicPreventionPanel({ guest, onSaved }: { guest: Guest; onSaved: () => void }) {
  const t = useKeyTranslation();
  const [editing, setEditing] = useState(false);

  if (!guest.gates.canEditEpidemicInfo) {
    return (
      <Alert severity="info" data-testid="epidemic-gated">
        <div>{t('server.guests.notApproved')}</div>
        <div>{t('wish.epidemic.status', { status: t(`guest.status.${guest.status}`) })}</div>
        {guest.status === 'rejected' && guest.rejectReason && <div>{t('wish.epidemic.reason', { reason: guest.rejectReason })}</div>}
      </Alert>
    );
  }

  if (!editing) {
    return (
      <Box data-testid="epidemic-view">
        {guest.epidemic ? (
          <ReadOnlyDocument schemaName="epidemic-prevention" data={guest.epidemic} />
        ) : (
          <Typography color="text.secondary">{t('wish.epidemic.empty')}</Typography>
        )}
        <Button variant="outlined" sx={{ mt: 1 }} onClick={() => setEditing(true)} data-testid="epidemic-edit">
          {t(guest.epidemic ? 'wish.epidemic.change' : 'wish.epidemic.edit')}
        </Button>
      </Box>
    );
  }

  return (
    <Box data-testid="epidemic-form">
      <WizardStepForm
        formId="epidemic-prevention-form"
        schemaName="epidemic-prevention"
        initial={guest.epidemic ?? {}}
        readOnly={false}
        onDraft={() => {}}
        onSubmit={async (data) => {
          await wishApi.saveEpidemic(guest.id, data);
          showToast(t('wish.epidemic.saved'), 'success', ERROR_TOAST_MS);
          setEditing(false);
          onSaved();
        }}
      >
        <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
          <Button type="submit" variant="contained" data-testid="epidemic-submit">
            {t('common.save')}
          </Button>
          <Button type="button" onClick={() => setEditing(false)}>
            {t('wish.epidemic.cancel')}
          </Button>
        </Box>
      </WizardStepForm>
    </Box>
  );
}
