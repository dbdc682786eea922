import { temporaryApi } from '../../api/temporary-endpoints';
import { navigateTo } from '../../router/navigator';
import type { Operation } from '../../engine/operation-types';

/**
 * Named calls of the temporary-registration declarations (ui-schemas/screens/temporary-*.json).
 * Each page fixes its registration type through its load call; composed in app/catalogue.
 */
export const temporaryOperations: Record<string, Operation> = {
  temporaryWorker: async () => ({ registrationType: 'worker' }),
  temporaryVolunteer: async () => ({ registrationType: 'volunteer' }),
  temporaryMedia: async () => ({ registrationType: 'media' }),
  temporaryRegister: (data) => temporaryApi.register(data),
  // a closed recommendation page sends the visitor to the closed page instead of an empty form
  temporaryRecommendOpen: async () => {
    const { open } = await temporaryApi.recommendStatus();
    if (!open) navigateTo('/tempActRecommendInviteClose', { replace: true });
    return {};
  },
  temporaryRecommend: (data) => temporaryApi.recommend(data),
};
