/**
 * Recording the separate ID-number consent (PIPL art. 29, issue 18): the schema's consent
 * property must be ticked to save (the validator refuses it otherwise); the server records
 * which version of the text was agreed to and when, by its own clock. A record keeps the
 * version it was agreed under; a new ID number, or a save after the text changed, records
 * the consent anew.
 */
import { consentFieldsOfSchema, type ConsentField } from '../../shared/consent-fields.js';
import { loadSchema } from '../http/schema-loader.js';

export interface ConsentRecord {
  version: number;
  at: string;
}

/** The stored consent of a row with the blind index of the ID number it was given for. */
export interface StoredConsent {
  version: number | null | undefined;
  at: string | null | undefined;
  idNumberIndex: string | null;
}

const cache = new Map<string, ConsentField | null>();

/** The consent a stored document's schema asks for before an ID number is kept, if any. */
export function idNumberConsentField(schemaName: string): ConsentField | null {
  if (!cache.has(schemaName)) {
    cache.set(schemaName, consentFieldsOfSchema(loadSchema(schemaName)).find((consent) => consent.covers === 'idNumber') ?? null);
  }
  return cache.get(schemaName) ?? null;
}

/** The columns to write for a save whose body the schema validated (so the tick is there when asked for). */
export function consentColumns(schemaName: string, body: Record<string, unknown>, idNumberIndex: string, stored: StoredConsent | null, now: string): { id_number_consent_version: number | null; id_number_consent_at: string | null } {
  const consent = idNumberConsentField(schemaName);
  if (!consent || body[consent.field] !== true) {
    return { id_number_consent_version: stored?.version ?? null, id_number_consent_at: stored?.at ?? null };
  }
  const unchanged = stored && stored.version === consent.version && stored.at && stored.idNumberIndex === idNumberIndex;
  return unchanged
    ? { id_number_consent_version: stored.version ?? null, id_number_consent_at: stored.at ?? null }
    : { id_number_consent_version: consent.version, id_number_consent_at: now };
}

/** The recorded consent as answers carry it. */
export function consentAnswer(version: number | null | undefined, at: string | null | undefined): ConsentRecord | null {
  return typeof version === 'number' && typeof at === 'string' ? { version, at } : null;
}

/**
 * The document as a form reopens it: the tick stays only when the consent recorded is to the
 * current text, so a record from before, or under an older text, asks for it again.
 */
export function withConsentAsRecorded(schemaName: string, document: Record<string, unknown>, recorded: ConsentRecord | null): Record<string, unknown> {
  const consent = idNumberConsentField(schemaName);
  if (!consent || recorded?.version === consent.version || !(consent.field in document)) return document;
  const { [consent.field]: _dropped, ...rest } = document;
  return rest;
}
