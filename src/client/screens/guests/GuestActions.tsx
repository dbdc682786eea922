import { useCallback } from 'react';
import { useParams } from 'react-router';
import type { GuestSummary } from '../../../shared/guest-api';
import { listDeclaration } from '../../engine/declaration-catalogue';
import type { ListAction } from '../../engine/screen-types';
import { ListRowActions, useActionPress } from '../../engine/ListRowActions';

const NO_HOST = {};

/**
 * The actions on one guest outside the list (the guest's page): the guest list's declared row
 * actions, so both offer the same buttons with the same gates and confirmations.
 */
export function GuestActions({
  guest,
  onChanged,
  showDetail = true,
}: {
  guest: GuestSummary;
  onChanged: (action: 'attendance' | 'deregister') => void;
  showDetail?: boolean;
}) {
  const declaration = listDeclaration('guest-list');
  const actions = (declaration.rowActions ?? []).filter((action) => showDetail || action.id !== 'detail');
  const afterRun = useCallback((action: ListAction) => onChanged(action.id === 'deregister' ? 'deregister' : 'attendance'), [onChanged]);
  const onPress = useActionPress(useParams(), NO_HOST, afterRun);
  return (
    <ListRowActions
      actions={actions}
      row={guest as unknown as Record<string, unknown>}
      listTestId={declaration.testId ?? declaration.id}
      onPress={onPress}
      testId={`guest-actions-${guest.id}`}
    />
  );
}
