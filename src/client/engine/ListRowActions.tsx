import Box from '@mui/material/Box';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { fillRoute, runListAction, type ListHost, type Row } from './list-actions';
import { ListActionButton } from './ListActionButton';
import type { RouteParams } from './operation-types';
import type { ListAction } from './screen-types';

export type ActionPress = (action: ListAction, row: Row) => void;

/** What pressing an action does: the host's event, the link, or the operation and then `afterRun`. */
export function useActionPress(routeParams: RouteParams, host: ListHost, afterRun: (action: ListAction) => void): ActionPress {
  const navigate = useNavigate();
  const { onEvent } = host;
  return useCallback(
    (action, row) => {
      if (action.event) onEvent?.(action.event, row);
      else if (action.to) void navigate(fillRoute(action.to, row));
      else void runListAction(action, row, routeParams).then((ran) => ran && afterRun(action));
    },
    [navigate, onEvent, routeParams, afterRun],
  );
}

interface ListRowActionsProps {
  actions: ListAction[];
  row: Row;
  listTestId: string;
  onPress: ActionPress;
  /** a card's buttons are full size (a finger's width); a table row's are small */
  size?: 'small' | 'medium';
  testId?: string;
}

/** The declared actions of one row, side by side, wrapping on a narrow screen. */
export function ListRowActions({ actions, row, listTestId, onPress, size = 'small', testId }: ListRowActionsProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid={testId}>
      {actions.map((action) => (
        <ListActionButton key={action.id} action={action} row={row} listTestId={listTestId} size={size} onPress={onPress} />
      ))}
    </Box>
  );
}
