/**
 * What a backup folder holds (`npm run backup`, `npm run restore`): the database (SQLite file or
 * pg_dump archive), the upload files its rows name, the key files of DATA_DIR, the edition keys
 * (EDITION_KEYS_DIR) and a manifest naming the keys the data needs, so a restore can refuse before
 * it writes anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { keyIdOf, makeKeyring, OLD_KEYS_FILE, parseKey } from '../../src/server/security/data-keys.js';
import { loadEditionKeys, shreddedKeyIds } from '../../src/server/security/edition-keys.js';
import { secretFilePath } from '../../src/server/security/secret-file.js';

export const MANIFEST = 'manifest.json';
export const SQLITE_COPY = 'database/summit.sqlite';
export const PG_ARCHIVE = 'database/summit.pgdump';
export const UPLOADS = 'uploads';
export const KEYS = 'keys';
/** the edition keys inside keys/: delete one from an old backup to shred that edition in it too */
export const EDITION_KEYS = 'keys/edition-keys';

/** The secrets a DATA_DIR keeps when they are not given in the environment. */
export const SECRET_NAMES = ['DATA_KEY', 'DATA_INDEX_KEY', 'SESSION_SECRET', 'CODE_SECRET'] as const;

export interface Manifest {
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** the PostgreSQL schema dumped (null: the whole database) */
  schema: string | null;
  /** every key id that sealed a value in the copy, with its tables: a restore needs them all */
  sealedKeyIds: Record<string, string[]>;
  /** the id of the blind-index key the stored indexes were made with */
  indexKeyId: string;
  /** key files copied from DATA_DIR into keys/ (file names) */
  keyFiles: string[];
  /** edition key files (and the notes of destroyed ones) copied from EDITION_KEYS_DIR into keys/edition-keys/ */
  editionKeyFiles?: string[];
  /** keys the portal took from its environment: not in the backup, to be kept with it */
  keysFromEnvironment: string[];
  uploads: number;
  /** rows of the copy whose file was gone when the folder was copied (deleted in between) */
  rowsWithoutFile: string[];
}

/** The key files of a DATA_DIR: generated secrets and the older data keys. */
export function keyFileNames(): string[] {
  return [...SECRET_NAMES.map((name) => path.basename(secretFilePath('', name))), OLD_KEYS_FILE];
}

/**
 * Data keys (by id) and the index key id a restore would have: key files of the backup, else the
 * environment; the backup's edition keys those data keys unwrap, and the ids of edition keys a
 * purge destroyed (what they sealed is erased, not missing).
 */
export function availableKeys(
  keysDir: string,
  env: Record<string, string | undefined>,
): { dataKeyIds: Set<string>; indexKeyId: string | null; shreddedKeyIds: Set<string>; problems: string[] } {
  const read = (file: string) => {
    try {
      return fs.readFileSync(path.join(keysDir, file), 'utf8');
    } catch {
      return '';
    }
  };
  const texts = [
    env.DATA_KEY ?? '',
    ...(env.DATA_KEYS_OLD ?? '').split(','),
    read(path.basename(secretFilePath('', 'DATA_KEY'))),
    ...read(OLD_KEYS_FILE).split('\n'),
  ];
  const dataKeys = texts.map((text) => parseKey(text)).filter((key) => key !== null);
  const dataKeyIds = new Set(dataKeys.map((key) => keyIdOf(key)));
  const index = parseKey(env.DATA_INDEX_KEY || read(path.basename(secretFilePath('', 'DATA_INDEX_KEY'))));
  const problems: string[] = [];
  if (dataKeys.length > 0) {
    const keyring = makeKeyring(dataKeys[0]!, dataKeys.slice(1), Buffer.alloc(32));
    loadEditionKeys(keyring, path.join(keysDir, path.relative(KEYS, EDITION_KEYS)), problems);
    for (const key of keyring.editionKeys!.byEdition.values()) dataKeyIds.add(key.id);
    return { dataKeyIds, indexKeyId: index ? keyIdOf(index) : null, shreddedKeyIds: shreddedKeyIds(keyring), problems };
  }
  return { dataKeyIds, indexKeyId: index ? keyIdOf(index) : null, shreddedKeyIds: new Set(), problems };
}

export function argValue(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

export function isEmptyFolder(folder: string): boolean {
  return !fs.existsSync(folder) || fs.readdirSync(folder).length === 0;
}
