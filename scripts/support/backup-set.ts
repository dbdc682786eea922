/**
 * What a backup folder holds (`npm run backup`, `npm run restore`): the database (SQLite file or
 * pg_dump archive), the upload files its rows name, the key files of DATA_DIR and a manifest
 * naming the keys the data needs, so a restore can refuse before it writes anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { keyIdOf, OLD_KEYS_FILE, parseKey } from '../../src/server/security/data-keys.js';
import { secretFilePath } from '../../src/server/security/secret-file.js';

export const MANIFEST = 'manifest.json';
export const SQLITE_COPY = 'database/summit.sqlite';
export const PG_ARCHIVE = 'database/summit.pgdump';
export const UPLOADS = 'uploads';
export const KEYS = 'keys';

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

/** Data keys (by id) and the index key id a restore would have: key files of the backup, else the environment. */
export function availableKeys(
  keysDir: string,
  env: Record<string, string | undefined>,
): { dataKeyIds: Set<string>; indexKeyId: string | null } {
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
  const dataKeyIds = new Set(
    texts
      .map((text) => parseKey(text))
      .filter((key) => key !== null)
      .map((key) => keyIdOf(key)),
  );
  const index = parseKey(env.DATA_INDEX_KEY || read(path.basename(secretFilePath('', 'DATA_INDEX_KEY'))));
  return { dataKeyIds, indexKeyId: index ? keyIdOf(index) : null };
}

export function argValue(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

export function isEmptyFolder(folder: string): boolean {
  return !fs.existsSync(folder) || fs.readdirSync(folder).length === 0;
}
