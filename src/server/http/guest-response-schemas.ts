/**
 * Answer shapes of the guest-lifecycle API, from schemas/response-*.json (types:
 * src/generated/types.ts). Kept under their old names for the routes that import them.
 */
import { loadAnswerSchema } from './schema-loader.js';

export const editionData = loadAnswerSchema('response-edition');
export const guestSummary = loadAnswerSchema('response-guest-summary');
export const guestPage = loadAnswerSchema('response-guest-page');
export const entourageItem = loadAnswerSchema('response-entourage-item');
export const entourageList = loadAnswerSchema('response-entourage-list');
export const guestDetail = loadAnswerSchema('response-guest-detail');
export const reviewPage = loadAnswerSchema('response-review-page');
export const decidedList = loadAnswerSchema('response-decided-list');
export const auditPage = loadAnswerSchema('response-audit-page');
export const unitInfo = loadAnswerSchema('response-unit-info');
export const unitOverview = loadAnswerSchema('response-unit-overview');
export const inviteCodeCheck = loadAnswerSchema('response-invite-code-check');
