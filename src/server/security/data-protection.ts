import { maskValue } from '../../shared/sensitive-fields.js';
import { blindIndex, type SensitiveKind } from './blind-index.js';
import type { DataKey, DataKeyring } from './data-keys.js';
import { editionKeyFor } from './edition-keys.js';
import { isSealed, keyIdOfSealed, open, seal, SealedValueError } from './sealed-values.js';
import { mapAtPath, sensitiveFields, valuesAtPath } from './sensitive-fields.js';

type Document = Record<string, unknown>;

// one masking rule for both sides (src/shared/sensitive-fields.ts)
export { maskMobile } from '../../shared/sensitive-fields.js';

/**
 * Personal data at rest. Repositories seal a document's sensitive fields
 * (the schema's `x-sensitive` marks) before writing and open them after reading, so services
 * and routes keep seeing clear documents and nothing clear reaches either database. A value
 * stays where the schema puts it, sealed in place (`v1:<keyId>:…`): the document's shape is
 * unchanged, and a reader that forgot to open gets ciphertext, never a clear value of someone.
 * A value of an edition's records is sealed under that edition's own key (`editionId`), which
 * the retention purge destroys (edition-keys.ts); other values, and values stored before edition
 * keys, are under DATA_KEY and stay readable.
 */
export class DataProtection {
  constructor(readonly keyring: DataKeyring) {}

  /** Sealed under the edition's key when an edition is given (its records), else under DATA_KEY. */
  seal(value: string, editionId?: string | null): string {
    return seal(this.keyring, value, this.keyOf(editionId));
  }

  /** The key an edition's values are sealed under (DATA_KEY for none). */
  keyOf(editionId?: string | null): DataKey {
    return editionId ? editionKeyFor(this.keyring, editionId) : this.keyring.current;
  }

  /** Clear text of a sealed value; a value that is not sealed (never, after migration 0017) is given back. */
  open(value: string): string;
  open(value: string | null): string | null;
  open(value: string | null): string | null {
    return value !== null && isSealed(value) ? open(this.keyring, value) : value;
  }

  index(kind: SensitiveKind, value: string): string {
    return blindIndex(this.keyring.indexKey, kind, value);
  }

  /**
   * The document with every sensitive string sealed. Always sealed anew, even a value that looks
   * sealed: a request could send such a text, and stored as it is it would be opened as ours.
   */
  sealDocument<T extends Document>(schemaName: string, document: T, editionId?: string | null): T {
    let under: DataKey | undefined;
    return this.mapSensitive(schemaName, document, (value) => seal(this.keyring, value, (under ??= this.keyOf(editionId))));
  }

  openDocument<T extends Document>(schemaName: string, document: T): T {
    return this.mapSensitive(schemaName, document, (value) => this.open(value));
  }

  /** JSON text in, JSON text out: what a write stores. */
  sealJson(schemaName: string, json: string, editionId?: string | null): string {
    return JSON.stringify(this.sealDocument(schemaName, JSON.parse(json) as Document, editionId));
  }

  openJson<T extends Document = Document>(schemaName: string, json: string): T {
    return this.openDocument(schemaName, JSON.parse(json) as T);
  }

  /** Sensitive values masked, for the audit log's before/after values (never a full number there). */
  maskDocument<T extends Document>(schemaName: string, document: T): T {
    let out: unknown = document;
    for (const field of sensitiveFields(schemaName)) {
      out = mapAtPath(out, field.path, (value) => (typeof value === 'string' ? maskValue(field.kind, this.open(value)) : value));
    }
    return out as T;
  }

  /**
   * Sealed under another key than the one it belongs under (an older DATA_KEY; DATA_KEY where the
   * edition has its own key), or not sealed at all: what keys:rotate re-seals.
   */
  needsResealing(schemaName: string, document: Document, editionId?: string | null): boolean {
    return sensitiveFields(schemaName).some((field) =>
      valuesAtPath(document, field.path).some((value) => typeof value === 'string' && this.resealKey(value, editionId) !== null),
    );
  }

  /** Re-sealed under the key it belongs under (the edition's, else the current DATA_KEY). */
  resealDocument<T extends Document>(schemaName: string, document: T, editionId?: string | null): T {
    return this.mapSensitive(schemaName, document, (value) => this.resealValue(value, editionId));
  }

  resealValue(value: string, editionId?: string | null): string;
  resealValue(value: string | null, editionId?: string | null): string | null;
  resealValue(value: string | null, editionId?: string | null): string | null {
    if (value === null) return value;
    const under = this.resealKey(value, editionId);
    return under ? seal(this.keyring, this.open(value), under) : value;
  }

  /**
   * The key a stored value must be sealed anew under, null when it is in place: under its
   * edition's key, or (no edition named) under the current DATA_KEY or any edition's key, which
   * rotation never moves back under DATA_KEY.
   */
  private resealKey(value: string, editionId?: string | null): DataKey | null {
    const id = keyIdOfSealed(value);
    if (editionId) {
      const under = this.keyOf(editionId);
      return id === under.id ? null : under;
    }
    if (id === this.keyring.current.id) return null;
    for (const key of this.keyring.editionKeys?.byEdition.values() ?? []) if (key.id === id) return null;
    return this.keyring.current;
  }

  /** The document without its sensitive values (retention purge). */
  eraseDocument<T extends Document>(schemaName: string, document: T): T {
    let out: unknown = document;
    for (const field of sensitiveFields(schemaName)) out = mapAtPath(out, field.path, () => undefined);
    return out as T;
  }

  /**
   * The clear sensitive values of a stored document with their kinds (retention purge: the
   * mobiles whose messages and codes go too). A value no key of the ring opens is left out.
   */
  sensitiveValues(schemaName: string, document: Document): { kind: SensitiveKind; value: string }[] {
    const out: { kind: SensitiveKind; value: string }[] = [];
    for (const field of sensitiveFields(schemaName))
      for (const value of valuesAtPath(document, field.path)) {
        if (typeof value !== 'string' || value === '') continue;
        try {
          out.push({ kind: field.kind, value: this.open(value) });
        } catch (error) {
          if (!(error instanceof SealedValueError)) throw error;
        }
      }
    return out;
  }

  /** The clear value of a top-level sensitive field of a sealed document (e.g. the mobile). */
  fieldOf(document: Document, field: string): string | null {
    const value = document[field];
    return typeof value === 'string' ? this.open(value) : null;
  }

  private mapSensitive<T extends Document>(schemaName: string, document: T, change: (value: string) => string): T {
    let out: unknown = document;
    for (const field of sensitiveFields(schemaName)) {
      out = mapAtPath(out, field.path, (value) => (typeof value === 'string' ? change(value) : value));
    }
    return out as T;
  }
}
