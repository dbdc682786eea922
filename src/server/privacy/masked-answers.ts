import type { EntourageItem, GuestDetail } from '../../shared/guest-api.js';
import { maskDocument, maskMobile } from '../../shared/sensitive-fields.js';

// one cached reading of a schema's x-sensitive marks, shared with the storage layer
export { sensitiveFields as sensitiveFieldsOf } from '../security/sensitive-fields.js';
import { sensitiveFields as sensitiveFieldsOf } from '../security/sensitive-fields.js';

/**
 * A document as every default answer sends it: the fields its schema marks x-sensitive
 * masked. Masking happens here, at the answer, so whatever the services read (clear values)
 * never reaches a client unless an explicit, audited "show" asks for it (privacy/reveal-routes.ts).
 */
export function maskedDocument<T>(schemaName: string, document: T): T {
  return maskDocument(document, sensitiveFieldsOf(schemaName));
}

/** A reception arrangement as answered: its receptionist phones masked (the audited reveal shows one). */
function maskedReception<T extends { reception?: Record<string, unknown> | null }>(holder: T): T {
  return holder.reception ? { ...holder, reception: maskedDocument('reception', holder.reception) } : holder;
}

export function maskedMember<T extends Pick<EntourageItem, 'document'> & { reception?: Record<string, unknown> | null }>(member: T): T {
  return maskedReception({ ...member, document: maskedDocument('entourage-member', member.document) });
}

/** A guest detail with the guest's and every member's personal data (reception phones included) masked. */
export function maskedGuestDetail<T extends GuestDetail>(detail: T): T {
  return maskedReception({ ...detail, document: maskedDocument('guest', detail.document), entourage: detail.entourage.map(maskedMember) });
}

/** An answer's `mobile` masked (a temporary registration in the organisers' list, the guest summary of master info). */
export function withMaskedMobile<T extends { mobile: string | null }>(item: T): T {
  return { ...item, mobile: item.mobile ? maskMobile(item.mobile) : item.mobile };
}

/** A temporary registration in the organisers' list: its mobile masked like the document's. */
export const maskedTemporaryItem = withMaskedMobile;
