import { guestApi } from '../../api/guest-endpoints';
import type { Operation } from '../../engine/operation-types';
import { fieldsOfSchema } from '../../engine/schema-fields';

/** The organisers' edition settings form (ui-schemas/screens/edition-settings.json). */
export const editionOperations: Record<string, Operation> = {
  editionSettings: async () => fieldsOfSchema('edition', await guestApi.editionSettings()),
  saveEditionSettings: (data) => guestApi.saveEditionSettings(data),
};
