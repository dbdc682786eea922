/**
 * The server's data keys for a script that only reads stored records (the form-version diff):
 * DATA_KEY and DATA_KEYS_OLD from the environment, as the server reads them, else the key files
 * the server generated into its data folder (`.data_key`, `.data_keys_old`). Unlike the server it
 * never generates a key: a new key opens nothing that was stored. A value sealed under a key it
 * does not have is answered with one line naming the variable to set (KeyNeededError).
 * DATA_INDEX_KEY is not needed: reading opens values, it looks nothing up by index.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EDITION_KEYS_FOLDER, makeKeyring, OLD_KEYS_FILE, parseKey } from '../src/server/security/data-keys.js';
import { loadEditionKeys } from '../src/server/security/edition-keys.js';
import { DataProtection } from '../src/server/security/data-protection.js';
import { SealedValueError } from '../src/server/security/sealed-values.js';
import { secretFilePath } from '../src/server/security/secret-file.js';

/** The one-line reason a sealed value cannot be opened, naming the variable to set. */
export class KeyNeededError extends Error {}

type Env = Record<string, string | undefined>;

function readKeyFile(file: string): string | undefined {
  try {
    const text = fs.readFileSync(file, 'utf8').trim();
    return text === '' ? undefined : text;
  } catch {
    return undefined;
  }
}

export interface StoredDataKeys {
  /** opens a document's sealed values; throws KeyNeededError when none of the keys sealed them */
  openDocument: (schema: string, document: Record<string, unknown>) => Record<string, unknown>;
  /** where DATA_KEY came from, for messages: "DATA_KEY" or the key file */
  source: string | undefined;
}

/**
 * `dataDir` is the folder the server kept its key files in: DATA_DIR, or the folder of the SQLite
 * file a script was pointed at when DATA_DIR is not set.
 */
export function readStoredDataKeys(env: Env, dataDir: string): StoredDataKeys {
  const keyFile = secretFilePath(dataDir, 'DATA_KEY');
  const problems: string[] = [];
  const keyText = env.DATA_KEY || readKeyFile(keyFile);
  const source = env.DATA_KEY ? 'DATA_KEY' : keyText ? keyFile : undefined;
  const current = keyText === undefined ? undefined : parseKey(keyText);
  if (keyText !== undefined && !current) problems.push(`${source} must hold 32 bytes written as base64 (44 characters) or hex (64 digits)`);
  const older: Buffer[] = [];
  const oldFile = path.join(dataDir, OLD_KEYS_FILE);
  for (const text of [...(env.DATA_KEYS_OLD ?? '').split(','), ...(readKeyFile(oldFile) ?? '').split('\n')].map((t) => t.trim())) {
    if (text === '') continue;
    const key = parseKey(text);
    if (key) older.push(key);
    else problems.push(`DATA_KEYS_OLD (or ${oldFile}) holds a value that is not a 32-byte key in base64 or hex`);
  }
  if (problems.length > 0) throw new KeyNeededError(problems.join('; '));
  // without DATA_KEY a random key stands in: it opens nothing, so the first sealed value says what is missing
  const keyring = makeKeyring(current ?? randomBytes(32), older, randomBytes(32));
  // each edition's values are under its own key, wrapped under the data key (edition-keys.ts)
  if (current) loadEditionKeys(keyring, path.resolve(env.EDITION_KEYS_DIR || path.join(dataDir, EDITION_KEYS_FOLDER)), problems);
  if (problems.length > 0) throw new KeyNeededError(problems.join('; '));
  const protection = new DataProtection(keyring);
  const missing = source
    ? `the data key from ${source}${older.length > 0 ? ' and DATA_KEYS_OLD' : ''} does not open it: set DATA_KEY (and DATA_KEYS_OLD) to the keys of the server that stored it`
    : `DATA_KEY is not set and ${keyFile} does not exist: set DATA_KEY to the server's key, or DATA_DIR to the server's data folder`;
  return {
    source,
    openDocument: (schema, document) => {
      try {
        return protection.openDocument(schema, document);
      } catch (error) {
        if (!(error instanceof SealedValueError)) throw error;
        throw new KeyNeededError(`a stored ${schema} record holds sealed personal data, and ${missing}`);
      }
    },
  };
}
