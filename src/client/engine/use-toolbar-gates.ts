import { useEffect, useState } from 'react';
import type { GateDecision } from '../../shared/guest-api';
import { runOperation } from './operations';
import type { RouteParams } from './operation-types';
import type { ListAction } from './screen-types';

/**
 * The server's decisions for the toolbar actions that declare a `gateOperation`, by action id.
 * Until one answers its action stays off; a failed call keeps it off (the operation may answer a reason itself).
 */
export function useToolbarGates(actions: ListAction[] | undefined, routeParams: RouteParams): Record<string, GateDecision | null> {
  const [gates, setGates] = useState<Record<string, GateDecision | null>>({});
  const gated = (actions ?? []).filter((action) => action.gateOperation);
  const key = gated.map((action) => `${action.id}:${action.gateOperation}`).join(',') + JSON.stringify(routeParams);
  useEffect(() => {
    let live = true;
    for (const action of gated) {
      runOperation(action.gateOperation!, {}, routeParams)
        .then((gate) => live && setGates((current) => ({ ...current, [action.id]: gate as GateDecision })))
        .catch(() => live && setGates((current) => ({ ...current, [action.id]: { open: false } })));
    }
    return () => {
      live = false;
    };
    // `key` stands for the gated actions and the route params (new arrays on every render)
  }, [key]);
  return gates;
}
