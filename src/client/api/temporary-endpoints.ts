import type { Page } from '../../shared/api-types';
import type { AuditStatus } from '../../shared/guest-api';
import {
  temporaryApiPaths as paths,
  type RecommendationItem,
  type TemporaryCodeItem,
  type TemporaryItem,
  type TemporaryReceipt,
  type TemporaryType,
} from '../../shared/temporary-api';
import { http } from './app-http-client';
import { compactDocument } from './guest-endpoints';

type Document = Record<string, unknown>;

export interface TemporaryQuery {
  pageNum: number;
  pageSize: number;
  status?: AuditStatus;
  registrationType?: TemporaryType;
  keyword?: string;
}

/** Typed calls of the temporary-registration contract (src/shared/temporary-api.ts). */
export const temporaryApi = {
  register: (body: Document) => http.request<TemporaryReceipt>('post', paths.register, { json: compactDocument(body) }),
  recommendStatus: () => http.request<{ open: boolean }>('get', paths.recommendStatus),
  recommend: (body: Document) => http.request<{ id: string }>('post', paths.recommend, { json: compactDocument(body) }),
  page: (query: TemporaryQuery) =>
    http.request<Page<TemporaryItem>>('get', paths.page, {
      searchParams: compactDocument({ ...query }) as Record<string, string | number>,
    }),
  decide: (body: Document) => http.request<TemporaryItem[]>('post', paths.decide, { json: compactDocument(body) }),
  codes: () => http.request<TemporaryCodeItem[]>('get', paths.codes),
  createCode: (body: Document) => http.request<null>('post', paths.codes, { json: compactDocument(body) }),
  discardCode: (code: string) => http.request<null>('post', paths.discardCode(encodeURIComponent(code))),
  /** the audited "show" of a registration's masked mobile */
  revealMobile: (id: string) => http.request<{ value: string }>('post', paths.reveal(id), { json: { field: 'mobile' } }),
  /** the audited "show" of a recommendation's masked recommender or invitee mobile (two mobiles: named by pointer) */
  revealRecommendationMobile: (id: string, field: 'recommenderMobile' | 'inviteeMobile') =>
    http.request<{ value: string }>('post', paths.recommendationReveal(id), { json: { field: 'mobile', pointer: `/${field}` } }),
  /** `order`: the list's column and direction (absent: newest first) */
  recommendations: (pageNum: number, pageSize: number, order: Record<string, string> = {}) =>
    http.request<Page<RecommendationItem>>('get', paths.recommendations, { searchParams: { ...order, pageNum, pageSize } }),
};
