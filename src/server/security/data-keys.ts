import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { loadOrCreateSecret, secretFileExists } from './secret-file.js';
import { loadEditionKeys, type EditionKeyFolder } from './edition-keys.js';

/** A 32-byte AES-256 key and the id stored beside every value it sealed. */
export interface DataKey {
  id: string;
  key: Buffer;
}

/**
 * The keys of personal data at rest: `current` seals, every key of `keys` (current and older
 * ones) opens, `indexKey` makes the HMAC blind indexes used for equality look-ups. The index
 * key is separate so a leaked index key opens nothing and rotating the data key leaves every
 * look-up column valid.
 */
export interface DataKeyring {
  current: DataKey;
  keys: Map<string, DataKey>;
  indexKey: Buffer;
  /** the keys generated into DATA_DIR by this start (none was set or kept): a restore without its key files shows here */
  generated?: string[];
  /** the per-edition keys (edition-keys.ts); without it every value is sealed under `current` */
  editionKeys?: EditionKeyFolder;
  /** a key id `keys` lacks: looked up again among the edition keys (another instance may have made it) */
  lookup?: (id: string) => DataKey | undefined;
}

/** Where the edition keys are kept when EDITION_KEYS_DIR is not set. */
export const EDITION_KEYS_FOLDER = 'edition-keys';

/** Older data keys, one a line, beside the generated key in DATA_DIR (see keys:rotate --generate). */
export const OLD_KEYS_FILE = '.data_keys_old';

/**
 * A key written as base64 / base64url (32 bytes) or 64 hex digits; null when it is neither.
 * Hex first: 64 hex digits are also valid base64 (of 48 bytes), so the length decides.
 */
export function parseKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

/** A short public name of a key: a truncated SHA-256 that says which key sealed a value, never the key. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('summit-data-key\0').update(key).digest('base64url').slice(0, 8);
}

export function dataKeyOf(key: Buffer): DataKey {
  return { id: keyIdOf(key), key };
}

export function makeKeyring(current: Buffer, older: Buffer[], indexKey: Buffer): DataKeyring {
  const keys = new Map<string, DataKey>();
  for (const key of older) keys.set(keyIdOf(key), dataKeyOf(key));
  const currentKey = dataKeyOf(current);
  keys.set(currentKey.id, currentKey);
  return { current: currentKey, keys, indexKey };
}

type Env = Record<string, string | undefined>;

export interface DataKeyOptions {
  env: Env;
  dataDir: string;
  production: boolean;
  /** several instances (REDIS_URL): each must get the same keys, so none is generated */
  shared: boolean;
  problems: string[];
}

/**
 * EDITION_KEYS_DIR: the folder of the per-edition keys. Several instances must share one folder
 * (each making its own key for an edition would seal values the others cannot open), so with
 * REDIS_URL it must be set explicitly, like DATA_KEY; otherwise DATA_DIR/edition-keys.
 */
export function editionKeysDir({ env, dataDir, shared, problems }: Omit<DataKeyOptions, 'production'>): string {
  if (env.EDITION_KEYS_DIR) return path.resolve(env.EDITION_KEYS_DIR);
  if (shared)
    problems.push('EDITION_KEYS_DIR must be set explicitly when REDIS_URL is set (a folder every instance shares, like UPLOAD_DIR)');
  return path.join(dataDir, EDITION_KEYS_FOLDER);
}

/**
 * DATA_KEY (seals), DATA_KEYS_OLD (comma-separated older keys that still open), DATA_INDEX_KEY
 * (blind indexes). Required in production and with REDIS_URL, like SESSION_SECRET; otherwise
 * generated once into DATA_DIR. Older keys also come from DATA_DIR/.data_keys_old.
 */
export function loadDataKeyring({ env, dataDir, production, shared, problems }: DataKeyOptions): DataKeyring {
  const generated: string[] = [];
  const required = (name: string): Buffer => {
    const given = env[name];
    if (given) {
      const key = parseKey(given);
      if (!key) problems.push(`${name} must be 32 bytes written as base64 (44 characters) or hex (64 digits)`);
      return key ?? Buffer.alloc(32);
    }
    if (production) problems.push(`${name} is required in production`);
    else if (shared) problems.push(`${name} must be set explicitly when REDIS_URL is set (every instance needs the same value)`);
    else {
      if (!secretFileExists(dataDir, name)) generated.push(name);
      return parseKey(loadOrCreateSecret(dataDir, name)) ?? Buffer.alloc(32);
    }
    return Buffer.alloc(32);
  };
  const current = required('DATA_KEY');
  const indexKey = required('DATA_INDEX_KEY');
  if (current.equals(indexKey) && env.DATA_KEY) problems.push('DATA_INDEX_KEY must differ from DATA_KEY');
  const older: Buffer[] = [];
  const oldTexts = [...(env.DATA_KEYS_OLD ?? '').split(','), ...readOldKeysFile(dataDir)].map((t) => t.trim()).filter((t) => t !== '');
  for (const text of oldTexts) {
    const key = parseKey(text);
    if (key) older.push(key);
    else problems.push('DATA_KEYS_OLD (or DATA_DIR/.data_keys_old) holds a value that is not a 32-byte key in base64 or hex');
  }
  const keyring: DataKeyring = { ...makeKeyring(current, older, indexKey), generated };
  if (problems.length === 0) loadEditionKeys(keyring, editionKeysDir({ env, dataDir, shared, problems }), problems);
  return keyring;
}

function readOldKeysFile(dataDir: string): string[] {
  try {
    return fs.readFileSync(path.join(dataDir, OLD_KEYS_FILE), 'utf8').split('\n');
  } catch {
    return [];
  }
}
