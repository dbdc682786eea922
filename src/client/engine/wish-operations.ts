import { wishApi } from '../api/wish-endpoints';

type FormData = Record<string, unknown>;

/** Named calls of the good-wishes form declaration (ui-schemas/screens/good-wishes.json). Merged into engine/operations.ts. */
export const wishOperations: Record<string, (formData: FormData) => Promise<unknown>> = {
  // no message yet: an empty form
  myWish: async () => (await wishApi.myWish())?.document ?? {},
  saveMyWish: (data) => wishApi.saveMyWish(data),
};
