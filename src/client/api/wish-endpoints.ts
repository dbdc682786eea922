import { guestApiPaths } from '../../shared/guest-api';
import { wishApiPaths as paths, type WishPage, type WishRecord } from '../../shared/wish-api';
import { http } from './app-http-client';
import { compactDocument } from './guest-endpoints';

type Document = Record<string, unknown>;

/** Typed calls of the good-wishes contract (src/shared/wish-api.ts) and the epidemic-prevention save. */
export const wishApi = {
  myWish: () => http.request<WishRecord | null>('get', paths.myWish),
  saveMyWish: (wish: Document) => http.request<WishRecord>('put', paths.myWish, { json: compactDocument(wish) }),
  wishPage: (query: Record<string, string>) => http.request<WishPage>('get', paths.wishPage, { searchParams: query }),
  saveEpidemic: (guestId: string, epidemic: Document) =>
    http.request<unknown>('put', guestApiPaths.guestEpidemic(guestId), { json: compactDocument(epidemic) }),
};
