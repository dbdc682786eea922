import { consoleApiPaths } from '../../../shared/console-api.js';
import { idOf, noMember, type RevealTarget } from '../../privacy/reveal-targets.js';
import type { Hotels } from './hotels.js';

/** The organisers' "show" of a receptionist's mobile. */
export function receptionistRevealTarget(hotels: Hotels): RevealTarget {
  return {
    path: consoleApiPaths.receptionistReveal(':id'),
    params: 'console-id-params',
    tags: ['console'],
    summary: 'Organisers: show the full mobile of a receptionist of the current edition (audited; 403 for other accounts)',
    load: async (who, params, body) => {
      noMember(body);
      const id = idOf(params);
      const receptionist = await hotels.storedReceptionist(who, id);
      return {
        schemaName: 'receptionist',
        document: receptionist,
        targetType: 'receptionist',
        targetId: id,
        targetLabel: receptionist.name,
      };
    },
  };
}
