import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GuestSummary } from '../../../shared/guest-api';
import { useKeyTranslation } from '../../i18n/use-key-translation';

// filled chips with white text: warning orange fails the contrast bar (axe), so pending is neutral
const COLOURS = { pending: 'default', approved: 'success', rejected: 'error' } as const;

/** Review status as To be approved / Approved / Not approved, with the reason of a rejection. */
export function GuestStatus({ guest }: { guest: Pick<GuestSummary, 'status' | 'rejectReason'> }) {
  const t = useKeyTranslation();
  return (
    <Box>
      <Chip size="small" color={COLOURS[guest.status]} label={t(`guest.status.${guest.status}`)} data-testid={`status-${guest.status}`} />
      {guest.status === 'rejected' && guest.rejectReason && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }} data-testid="reject-reason">
          {t('guest.status.reason', { reason: guest.rejectReason })}
        </Typography>
      )}
    </Box>
  );
}
