import fs from 'node:fs';
import type { AnyDb } from '../db/database.js';
import type { DataKeyring } from './data-keys.js';
import { batches } from './sealed-columns.js';
import { secretFilePath } from './secret-file.js';
import { shreddedKeyIds } from './edition-keys.js';

/** A text column holding sealed values, alone or inside a JSON document. */
export interface SealedText {
  table: string;
  column: string;
}

/** A start refused because stored data needs keys that are not there: its message is for the operator. */
export class MissingKeysError extends Error {}

/** The key id of every sealed value in a text (`v1:<keyId>:…`, see sealed-values.ts). */
const SEALED_KEY_ID = /v1:([A-Za-z0-9_-]{8}):[A-Za-z0-9_-]{16}:/g;

/** Every key id that sealed a stored value, with the tables holding its values. */
export async function keyIdsInUse(db: AnyDb, columns: readonly SealedText[], batchSize = 1000): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  for (const { table, column } of columns) {
    await batches(
      db,
      table,
      ['id', column],
      async (rows) => {
        for (const row of rows) {
          const text = row[column];
          if (typeof text !== 'string') continue;
          for (const match of text.matchAll(SEALED_KEY_ID)) {
            const tables = found.get(match[1]!) ?? new Set<string>();
            tables.add(table);
            found.set(match[1]!, tables);
          }
        }
      },
      batchSize,
    );
  }
  return found;
}

/**
 * Why this database cannot be served with these keys, or null when it can: values sealed under
 * a key the keyring lacks (a backup restored without its key files, a DATA_KEYS_OLD dropped
 * too early), or an index key generated at this very start beside sealed data (every blind
 * index, sign-in names included, would stop matching). Starting anyway would answer 500 on
 * every record those keys sealed, and seal new values under keys the old data cannot share.
 */
export async function missingKeys(db: AnyDb, keyring: DataKeyring, columns: readonly SealedText[]): Promise<string | null> {
  const inUse = await keyIdsInUse(db, columns);
  if (inUse.size === 0) return null;
  const problems: string[] = [];
  // a key a retention purge destroyed on purpose is not missing: what it sealed is erased data
  const shredded = shreddedKeyIds(keyring);
  // an edition key another instance made after this one read the folder is looked up again
  const missing = [...inUse].filter(([id]) => !keyring.keys.has(id) && !keyring.lookup?.(id) && !shredded.has(id));
  if (missing.length > 0) {
    const named = missing.map(([id, tables]) => `${id} (in ${[...tables].sort().join(', ')})`).join('; ');
    problems.push(
      `personal data is sealed under key id(s) ${named}, which neither DATA_KEY nor DATA_KEYS_OLD (nor DATA_DIR/.data_key, .data_keys_old) nor an edition key file (EDITION_KEYS_DIR) provides`,
    );
  }
  if (keyring.generated?.includes('DATA_INDEX_KEY'))
    problems.push(
      'DATA_INDEX_KEY was missing (no DATA_INDEX_KEY, no DATA_DIR/.data_index_key) and a new one would not match the stored blind indexes',
    );
  if (problems.length === 0) return null;
  return [
    'Refusing to start: the database holds sealed personal data that these keys cannot open.',
    ...problems.map((problem) => ` - ${problem}`),
    'Restore the key files of the backup (or set the keys in the environment) and start again; see docs/OPERATIONS.md.',
  ].join('\n');
}

/**
 * Start-up guard: throws with `missingKeys`'s reason, after removing the key files this start
 * generated (they would otherwise pass for the real ones at the next start).
 */
export async function refuseMissingKeys(db: AnyDb, keyring: DataKeyring, columns: readonly SealedText[], dataDir: string): Promise<void> {
  const reason = await missingKeys(db, keyring, columns);
  if (!reason) return;
  for (const name of keyring.generated ?? []) fs.rmSync(secretFilePath(dataDir, name), { force: true });
  throw new MissingKeysError(reason);
}
