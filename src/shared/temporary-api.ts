/**
 * Contract of temporary registration, shared by the server and the client. SPEC names
 * the pages only; these paths are ours: `qms/temporary/*` is open (no sign-in), `admin/temporary/*`
 * is the organisers' console.
 */
import temporaryRegistrationSchema from '../generated/schemas/temporary-registration.json';
import type {
  ResponseTemporaryCodes,
  ResponseTemporaryReceipt,
  ResponseTemporaryRecommendationPage,
  TemporaryItemAnswer,
  TemporaryRegistration,
} from '../generated/types.js';
import { enumAt } from './schema-enums.js';

export const temporaryApiPaths = {
  /** POST (body: temporary-registration schema), open; signed-in callers are recorded */
  register: 'qms/temporary/register',
  /** POST multipart (`rule` then `file`), open, rate-limited: the JPG picture (rule pictureJpg) */
  upload: 'qms/temporary/upload',
  /** GET: { open } whether /tempActRecommendInvite takes recommendations */
  recommendStatus: 'qms/temporary/recommend/status',
  /** POST (body: temporary-recommend-invite schema), open */
  recommend: 'qms/temporary/recommend',
  /** organisers: GET (temporary-page-query) */
  page: 'admin/temporary/page',
  /** organisers: POST (review-decision schema) approve, or reject with a reason */
  decide: 'admin/temporary/decide',
  /** organisers: GET the picture of a registration */
  picture: (id: string) => `admin/temporary/${id}/picture`,
  /** organisers: POST (body: personal-data-reveal schema) the full mobile of a registration (audited) */
  reveal: (id: string) => `admin/temporary/${id}/reveal`,
  /** organisers: GET (temporary-page-query without paging) .xlsx of the matching registrations */
  export: 'admin/temporary/export',
  /** organisers: GET list / POST (temporary-code schema) create */
  codes: 'admin/temporary/codes',
  /** organisers: POST marks the code's event discarded */
  discardCode: (code: string) => `admin/temporary/codes/${code}/discard`,
  /** organisers: GET (page query) recommendations received */
  recommendations: 'admin/temporary/recommendations',
  /** organisers: GET the codes as their list shows them (.xlsx, audited) */
  exportCodes: 'admin/temporary/export/codes',
  /** organisers: GET the recommendations as their list shows them (.xlsx, mobiles masked, audited) */
  exportRecommendations: 'admin/temporary/export/recommendations',
  /** organisers: POST (body: personal-data-reveal schema) the full recommender mobile of a recommendation (audited) */
  recommendationReveal: (id: string) => `admin/temporary/recommendations/${id}/reveal`,
} as const;

/** Registration types of the three open pages (the temporary-registration schema's enum). */
export type TemporaryType = TemporaryRegistration['registrationType'];
export const temporaryTypes = enumAt<TemporaryType>(temporaryRegistrationSchema, '/properties/registrationType');

/** Answer shapes: schemas/response-temporary-*.json. */
export type TemporaryItem = TemporaryItemAnswer;
export type TemporaryCodeItem = ResponseTemporaryCodes[number];
export type TemporaryReceipt = ResponseTemporaryReceipt;
export type RecommendationItem = ResponseTemporaryRecommendationPage['records'][number];
