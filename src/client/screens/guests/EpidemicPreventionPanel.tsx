import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { GuestDetail } from '../../../shared/guest-api';
import { ReadOnlyDocument } from '../../engine/ReadOnlyDocument';
import { useKeyTranslation } from '../../i18n/use-key-translation';

type Guest = Pick<GuestDetail, 'id' | 'status' | 'rejectReason' | 'epidemic' | 'gates' | 'gateReasons'>;

/**
 * Epidemic-prevention information of a guest (SPEC 4: approved guests only). The gate is the
 * server's (`gates.canEditEpidemicInfo`); when it is shut the panel says why with the server's
 * reason (`gateReasons.canEditEpidemicInfo`) and the review status. Editing is the declared form on /guests/:id/epidemic
 * (ui-schemas/screens/guest-epidemic.json), which comes back here once saved.
 */
export function EpidemicPreventionPanel({ guest }: { guest: Guest }) {
  const t = useKeyTranslation();

  if (!guest.gates.canEditEpidemicInfo) {
    const reason = guest.gateReasons.canEditEpidemicInfo;
    return (
      <Alert severity="info" data-testid="epidemic-gated">
        {reason && <div>{t(reason.reasonKey, reason.reasonParams)}</div>}
        <div>{t('wish.epidemic.status', { status: t(`guest.status.${guest.status}`) })}</div>
        {guest.status === 'rejected' && guest.rejectReason && <div>{t('wish.epidemic.reason', { reason: guest.rejectReason })}</div>}
      </Alert>
    );
  }

  return (
    <Box data-testid="epidemic-view">
      {guest.epidemic ? (
        <ReadOnlyDocument schemaName="epidemic-prevention" data={guest.epidemic} />
      ) : (
        <Typography color="text.secondary">{t('wish.epidemic.empty')}</Typography>
      )}
      <Button
        variant="outlined"
        sx={{ mt: 1 }}
        component={RouterLink}
        to={`/guests/${encodeURIComponent(guest.id)}/epidemic`}
        data-testid="epidemic-edit"
      >
        {t(guest.epidemic ? 'wish.epidemic.change' : 'wish.epidemic.edit')}
      </Button>
    </Box>
  );
}
