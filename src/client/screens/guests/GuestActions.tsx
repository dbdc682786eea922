import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import type { GuestSummary } from '../../../shared/guest-api';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { ServerGate } from '../../util/ServerGate';
import { guestActions } from './guest-actions';

/** The actions on one guest: detail, edit, entourage, attend / not attend, cancel, deregister. */
export function GuestActions({ guest, onChanged, showDetail = true }: { guest: GuestSummary; onChanged: (action: 'attendance' | 'deregister') => void; showDetail?: boolean }) {
  const t = useKeyTranslation();
  const run = (action: Promise<boolean>, kind: 'attendance' | 'deregister' = 'attendance') =>
    void action.then((changed) => changed && onChanged(kind));
  const cancelled = guest.attendance === 'cancelled';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid={`guest-actions-${guest.id}`}>
      {showDetail && (
        <Button size="small" component={RouterLink} to={`/guests/${guest.id}`}>
          {t('guest.actions.detail')}
        </Button>
      )}
      <Button size="small" component={RouterLink} to={`/guests/${guest.id}/edit`}>
        {t('guest.actions.edit')}
      </Button>
      <Button size="small" component={RouterLink} to={`/guests/${guest.id}/entourage`}>
        {t('guest.actions.entourage')}
      </Button>
      {/* whether "attend" is taken, and why not, is the server's decision (confirmAttendanceGate) */}
      {!cancelled && guest.attendance !== 'attending' && (
        <ServerGate gate={guest.confirmAttendanceGate} testId="action-attend-reason">
          {(gate) => (
            <Button size="small" {...gate} onClick={() => run(guestActions.attend(guest, true))} data-testid="action-attend">
              {t('guest.actions.attend')}
            </Button>
          )}
        </ServerGate>
      )}
      {!cancelled && guest.attendance !== 'not-attending' && (
        <Button size="small" onClick={() => run(guestActions.attend(guest, false))} data-testid="action-not-attend">
          {t('guest.actions.notAttend')}
        </Button>
      )}
      {!cancelled && (
        <Button size="small" color="inherit" onClick={() => run(guestActions.cancel(guest))} data-testid="action-cancel">
          {t('guest.actions.cancel')}
        </Button>
      )}
      <Button size="small" color="error" onClick={() => run(guestActions.deregister(guest), 'deregister')} data-testid="action-deregister">
        {t('guest.actions.deregister')}
      </Button>
    </Box>
  );
}
