import { guestApiPaths } from '../../../shared/guest-api.js';
import { noMember, type RevealTarget } from '../../privacy/reveal-targets.js';
import type { Units } from './units.js';

/** A unit account's "show" of its own contact mobile. */
export function unitRevealTarget(units: Units): RevealTarget {
  return {
    path: guestApiPaths.unitReveal,
    params: null,
    tags: ['unit'],
    summary: "Show the full contact mobile of the caller's own unit record (audited; 403 for accounts without a unit)",
    load: async (who, _params, body) => {
      noMember(body);
      const unit = await units.mine(who);
      return {
        schemaName: 'unit',
        document: unit.complete ? unit.document : {},
        targetType: 'unit',
        targetId: unit.id,
        targetLabel: unit.name,
      };
    },
  };
}
