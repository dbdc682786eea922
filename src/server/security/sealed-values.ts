import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DataKey, DataKeyring } from './data-keys.js';

/**
 * One sealed value: `v1:<keyId>:<iv>:<tag>:<ciphertext>`, all base64url, AES-256-GCM with a
 * fresh 96-bit IV. The prefix (version and key id) is authenticated as additional data, so a
 * value moved to another key id or version is refused like any other tampering.
 */
const SEALED = /^v1:([A-Za-z0-9_-]{8}):([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]{22}):([A-Za-z0-9_-]*)$/;

export class SealedValueError extends Error {}

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && SEALED.test(value);
}

/** The id of the key that sealed a value (rotation re-seals the others). */
export function keyIdOfSealed(value: string): string | null {
  return SEALED.exec(value)?.[1] ?? null;
}

/** Sealed under `under`: DATA_KEY unless an edition's own key is given (edition-keys.ts). */
export function seal(keyring: DataKeyring, plaintext: string, under: DataKey = keyring.current): string {
  const { id, key } = under;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`v1:${id}`));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1:${id}:${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${body.toString('base64url')}`;
}

/** The clear text; throws SealedValueError on an unknown key id, a malformed or a tampered value. */
export function open(keyring: DataKeyring, sealed: string): string {
  const parts = SEALED.exec(sealed);
  if (!parts) throw new SealedValueError('not a sealed value');
  const [, id, iv, tag, body] = parts as unknown as [string, string, string, string, string];
  const key = keyring.keys.get(id) ?? keyring.lookup?.(id);
  if (!key) throw new SealedValueError(`sealed under key ${id}, which is not in the keyring (DATA_KEY / DATA_KEYS_OLD / edition keys)`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`v1:${id}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedValueError(`sealed value under key ${id} failed authentication (tampered or wrong key)`);
  }
}
