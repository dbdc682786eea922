import { temporaryApiPaths } from '../../../shared/temporary-api.js';
import { idOf, noMember, revealLabel, type RevealTarget } from '../../privacy/reveal-targets.js';
import type { TemporaryRecommendations } from './temporary-recommendations.js';
import type { TemporaryRegistrations } from './temporary-registrations.js';

/** The organisers' "show" of a temporary registration's or a recommendation's mobile. */
export function temporaryRevealTargets(registrations: TemporaryRegistrations, recommendations: TemporaryRecommendations): RevealTarget[] {
  return [
    {
      path: temporaryApiPaths.reveal(':id'),
      params: 'temporary-id-params',
      tags: ['admin'],
      summary: 'Organisers: show the full mobile of a temporary registration of the current edition (audited; 403 for other accounts)',
      load: async (who, params, body) => {
        noMember(body);
        const id = idOf(params);
        const registration = await registrations.stored(who, id);
        return {
          schemaName: 'temporary-registration',
          document: registration.document,
          targetType: 'temporary-registration',
          targetId: id,
          targetLabel: registration.name,
        };
      },
    },
    {
      path: temporaryApiPaths.recommendationReveal(':id'),
      params: 'temporary-id-params',
      tags: ['admin'],
      summary: 'Organisers: show the full recommender mobile of a recommendation of the current edition (audited; 403 for other accounts)',
      load: async (who, params, body) => {
        noMember(body);
        const id = idOf(params);
        const document = await recommendations.stored(who, id);
        return {
          schemaName: 'temporary-recommend-invite',
          document,
          targetType: 'temporary-recommendation',
          targetId: id,
          targetLabel: revealLabel(document.recommenderName),
        };
      },
    },
  ];
}
