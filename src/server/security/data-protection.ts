import { maskValue } from '../../shared/sensitive-fields.js';
import { blindIndex, type SensitiveKind } from './blind-index.js';
import type { DataKeyring } from './data-keys.js';
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
 */
export class DataProtection {
  constructor(readonly keyring: DataKeyring) {}

  seal(value: string): string {
    return seal(this.keyring, value);
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
  sealDocument<T extends Document>(schemaName: string, document: T): T {
    return this.mapSensitive(schemaName, document, (value) => this.seal(value));
  }

  openDocument<T extends Document>(schemaName: string, document: T): T {
    return this.mapSensitive(schemaName, document, (value) => this.open(value));
  }

  /** JSON text in, JSON text out: what a write stores. */
  sealJson(schemaName: string, json: string): string {
    return JSON.stringify(this.sealDocument(schemaName, JSON.parse(json) as Document));
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

  /** Sealed under an older key (or not sealed at all): what keys:rotate re-seals. */
  needsResealing(schemaName: string, document: Document): boolean {
    return sensitiveFields(schemaName).some((field) =>
      valuesAtPath(document, field.path).some((value) => typeof value === 'string' && keyIdOfSealed(value) !== this.keyring.current.id),
    );
  }

  /** Re-sealed under the current key. */
  resealDocument<T extends Document>(schemaName: string, document: T): T {
    return this.mapSensitive(schemaName, document, (value) =>
      keyIdOfSealed(value) === this.keyring.current.id ? value : this.seal(this.open(value)),
    );
  }

  resealValue(value: string): string;
  resealValue(value: string | null): string | null;
  resealValue(value: string | null): string | null {
    if (value === null || keyIdOfSealed(value) === this.keyring.current.id) return value;
    return this.seal(this.open(value));
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
