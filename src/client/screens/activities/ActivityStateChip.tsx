import Chip from '@mui/material/Chip';
import type { ActivitySummary, SignUpItem } from '../../../shared/activity-api';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/** Sign-up state of an activity as units read it: open, full (waiting list), not yet open, ended, closed. */
export function ActivityStateChip({ activity }: { activity: ActivitySummary }) {
  const t = useKeyTranslation();
  const state = activity.signUpState === 'open' && activity.full ? 'full' : activity.signUpState;
  // filled warning/info chips fail the contrast bar (axe): only "open" is coloured
  const color = state === 'open' ? 'success' : 'default';
  return <Chip size="small" color={color} label={t(`activity.state.${state}`)} data-testid={`activity-state-${state}`} />;
}

/** "Signed up" or "Waiting list, place 2". */
export function SignUpStatusText({ item }: { item: SignUpItem }) {
  const t = useKeyTranslation();
  return (
    <span data-testid={`sign-up-status-${item.status}`}>
      {item.status === 'waiting' ? t('activity.signUp.waiting', { position: item.waitingPosition ?? '' }) : t('activity.signUp.signedUp')}
    </span>
  );
}
