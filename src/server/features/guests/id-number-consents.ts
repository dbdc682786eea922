/**
 * Recording the separate ID-number consent (PIPL art. 29): the schema's consent
 * property must be ticked to save (the validator refuses it otherwise); the server records
 * which version of the text was agreed to, when (by its own clock) and by which account, and
 * writes each consent given to the audit log (consent-audit.ts). A record keeps the
 * version it was agreed under; a new ID number, or a save after the text changed, records
 * the consent anew.
 */
import { consentFieldsOfSchema, type ConsentField } from '../../../shared/consent-fields.js';
import type { Executor } from '../../db/database.js';
import { loadSchema } from '../../http/schema-loader.js';

export interface ConsentRecord {
  version: number;
  at: string;
  /** the account that submitted the save recording it; null for consents recorded before 0021 */
  by: string | null;
  /** that account's display name, for organisers to read */
  byName: string | null;
}

/** The stored consent of a row with the blind index of the ID number it was given for. */
export interface StoredConsent {
  version: number | null | undefined;
  at: string | null | undefined;
  by?: string | null | undefined;
  idNumberIndex: string | null;
}

export interface ConsentColumns {
  id_number_consent_version: number | null;
  id_number_consent_at: string | null;
  id_number_consent_by: string | null;
}

/** What a stored row (a guest's, an entourage member's) holds of its ID-number consent. */
export function storedConsentOf(row: Partial<ConsentColumns> & { id_number_hash: string | null }): StoredConsent {
  return {
    version: row.id_number_consent_version,
    at: row.id_number_consent_at,
    by: row.id_number_consent_by,
    idNumberIndex: row.id_number_hash,
  };
}

/** The columns to write, and whether this save gives the consent (first time, anew or to a new text): that is audited. */
export interface ConsentDecision {
  columns: ConsentColumns;
  given: boolean;
}

const cache = new Map<string, ConsentField | null>();

/** The consent a stored document's schema asks for before an ID number is kept, if any. */
export function idNumberConsentField(schemaName: string): ConsentField | null {
  if (!cache.has(schemaName)) {
    cache.set(schemaName, consentFieldsOfSchema(loadSchema(schemaName)).find((consent) => consent.covers === 'idNumber') ?? null);
  }
  return cache.get(schemaName) ?? null;
}

/**
 * What a save whose body the schema validated (so the tick is there when asked for) records.
 * `by`: the submitting account, or null when no account submitted it (the demo seed).
 */
export function decideConsent(
  schemaName: string,
  body: Record<string, unknown>,
  idNumberIndex: string,
  stored: StoredConsent | null,
  now: string,
  by: string | null,
): ConsentDecision {
  const kept: ConsentColumns = {
    id_number_consent_version: stored?.version ?? null,
    id_number_consent_at: stored?.at ?? null,
    id_number_consent_by: stored?.by ?? null,
  };
  const consent = idNumberConsentField(schemaName);
  if (!consent || body[consent.field] !== true) return { columns: kept, given: false };
  const unchanged = stored && stored.version === consent.version && stored.at && stored.idNumberIndex === idNumberIndex;
  if (unchanged) return { columns: kept, given: false };
  return { columns: { id_number_consent_version: consent.version, id_number_consent_at: now, id_number_consent_by: by }, given: true };
}

/** The columns to write for a save (see decideConsent). */
export function consentColumns(...save: Parameters<typeof decideConsent>): ConsentColumns {
  return decideConsent(...save).columns;
}

/** The recorded consent as answers carry it; `names`: display names of the accounts by id. */
export function consentAnswer(
  version: number | null | undefined,
  at: string | null | undefined,
  by: string | null | undefined,
  names: ReadonlyMap<string, string>,
): ConsentRecord | null {
  if (typeof version !== 'number' || typeof at !== 'string') return null;
  return { version, at, by: by ?? null, byName: by ? (names.get(by) ?? null) : null };
}

/** The display names of the accounts that gave consents (one query for a guest and its entourage). */
export async function consentAccountNames(executor: Executor, ids: ReadonlyArray<string | null | undefined>): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (unique.length === 0) return new Map();
  const rows = await executor.selectFrom('accounts').select(['id', 'name']).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The document as a form reopens it: the tick stays only when the consent recorded is to the
 * current text, so a record from before, or under an older text, asks for it again.
 */
export function withConsentAsRecorded(
  schemaName: string,
  document: Record<string, unknown>,
  recorded: ConsentRecord | null,
): Record<string, unknown> {
  const consent = idNumberConsentField(schemaName);
  if (!consent || recorded?.version === consent.version || !(consent.field in document)) return document;
  const { [consent.field]: _dropped, ...rest } = document;
  return rest;
}
