import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 symbols without look-alikes (0/O, 1/I): 4 characters give 20 bits. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 4;

export function randomCode(length = CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Codes are compared case-insensitively: people type what they see. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Keyed hash of a code: what we store, and a fixed-length digest for timingSafeEqual. */
export function codeHmac(secret: string, target: string, code: string): string {
  return createHmac('sha256', secret)
    .update(`${target}\u0000${normaliseCode(code)}`)
    .digest('hex');
}

export function sameDigest(aHex: string, bHex: string): boolean {
  const a = Buffer.from(aHex, 'hex');
  const b = Buffer.from(bHex, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** 256-bit opaque session token (at least 128 bits are required). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
