import { AppError } from '../http/app-error.js';
import type { SchemaData } from '../http/typed-route.js';
import type { SignedInAccount } from '../auth/sessions.js';
import type { SensitiveField } from '../../shared/sensitive-fields.js';
import type { AuditTargetType } from '../../shared/audit-actions.js';
import { sensitiveFieldsOf } from './masked-answers.js';

export type RevealBody = SchemaData<'personal-data-reveal'>;

/** The stored record a masked value is shown from, as the caller's scoped read answers it. */
export interface RevealedRecord {
  /** the schema whose x-sensitive marks name the fields that may be shown; null: only `extraFields` */
  schemaName: string | null;
  /** the opened (clear) document */
  document: Record<string, unknown>;
  /** fields besides the schema's, at their place in `document` (a reception's phones under /reception) */
  extraFields?: SensitiveField[];
  /** what the audit entry names */
  targetType: AuditTargetType;
  targetId: string;
  targetLabel: string | null;
}

/**
 * One "show" route: its path, and the read that decides who may see the record (403 for a role
 * that never may, 404 for an id outside the caller's scope, as the record's other routes answer).
 */
export interface RevealTarget {
  path: string;
  params: 'guest-id-params' | 'content-id-params' | 'temporary-id-params' | 'console-id-params' | null;
  tags: string[];
  summary: string;
  load: (who: SignedInAccount, params: { id?: string }, body: RevealBody) => Promise<RevealedRecord>;
}

export const revealLabel = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
export const idOf = (params: { id?: string }): string => params.id ?? '';

/** Records without entourage members refuse a memberId (404: there is no such member). */
export function noMember(body: RevealBody): void {
  if (body.memberId) throw new AppError('notFound');
}

/**
 * A reception arrangement (organisers write it, the unit reads it) is shown beside the person's
 * own document: its receptionist phones by pointer, e.g. /reception/hotels/0/receptionistPhone.
 */
export const receptionFields = sensitiveFieldsOf('reception').map((field) => ({ ...field, path: ['reception', ...field.path] }));

export const withReception = (document: Record<string, unknown>, reception: Record<string, unknown> | null | undefined) =>
  reception ? { ...document, reception } : document;
