import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import type { GateDecision } from '../../shared/guest-api';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { useSession } from '../session/session-store';
import { ServerGate } from '../util/ServerGate';
import { allHold, fillRoute, gateOf, type Row } from './list-actions';
import type { ListAction } from './screen-types';

interface ListActionButtonProps {
  action: ListAction;
  /** the row (a toolbar action gets an empty one) */
  row: Row;
  /** the list's test id: a button without its own is `<listTestId>-<action id>` */
  listTestId: string;
  size: 'small' | 'medium';
  /** the answer of a toolbar action's gateOperation (null until it answers) */
  toolbarGate?: GateDecision | null;
  onPress: (action: ListAction, row: Row) => void;
}

/** One declared action as a button (a link for `to`), shown and gated as its declaration says. */
export function ListActionButton({ action, row, listTestId, size, toolbarGate, onPress }: ListActionButtonProps) {
  const t = useKeyTranslation();
  const userType = useSession((session) => session.userType);
  if (action.userTypes && !action.userTypes.includes(userType ?? '')) return null;
  if (!allHold(action.visibleWhen, row)) return null;
  const testId = action.testId ?? `${listTestId}-${action.id}`;
  const look = { size, color: action.color ?? 'primary', variant: action.variant ?? 'text' } as const;
  return (
    <ServerGate gate={gateOf(action, row, toolbarGate)} reasonShown={action.reasonShown} testId={`${testId}-reason`}>
      {(gate) =>
        action.to && !gate.disabled ? (
          <Button {...look} component={RouterLink} to={fillRoute(action.to, row)} data-testid={testId}>
            {t(action.labelKey)}
          </Button>
        ) : (
          <Button {...look} {...gate} onClick={() => onPress(action, row)} data-testid={testId}>
            {t(action.labelKey)}
          </Button>
        )
      }
    </ServerGate>
  );
}
