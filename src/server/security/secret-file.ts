import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Outside production a missing secret is generated once and kept in DATA_DIR, so sessions
 * and codes survive a restart without anyone having to invent a secret.
 */
export function loadOrCreateSecret(dataDir: string, name: string): string {
  const file = secretFilePath(dataDir, name);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet: create below
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/** Where a generated secret is kept: DATA_DIR/.<name in lower case> (`.data_key` for DATA_KEY). */
export function secretFilePath(dataDir: string, name: string): string {
  return path.join(dataDir, `.${name.toLowerCase()}`);
}

/** Whether a usable secret of that name is already kept in DATA_DIR (else loadOrCreateSecret makes one). */
export function secretFileExists(dataDir: string, name: string): boolean {
  try {
    return fs.readFileSync(secretFilePath(dataDir, name), 'utf8').trim().length >= 32;
  } catch {
    return false;
  }
}
