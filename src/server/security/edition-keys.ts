import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { dataKeyOf, type DataKey, type DataKeyring } from './data-keys.js';
import { keyIdOfSealed, open, seal, SealedValueError } from './sealed-values.js';

/**
 * Per-edition data keys (crypto-shredding). The personal values of an edition's records are
 * sealed under a key of that edition alone; the retention purge destroys the key. A database
 * row, a WAL segment or a backup that still holds a purged value then holds ciphertext that no
 * key opens. The keys cannot live in the database: a row (even one holding the key wrapped)
 * stays in PostgreSQL's WAL and in every dump. They are files, one per edition, in a folder
 * every instance shares (EDITION_KEYS_DIR, by default DATA_DIR/edition-keys), each wrapped under
 * DATA_KEY so the folder alone opens nothing.
 */
export interface EditionKeyFolder {
  dir: string;
  /** the keys read or made by this process, by edition id */
  byEdition: Map<string, DataKey>;
}

/** `<edition id>.key`: the key, base64url, sealed under DATA_KEY (sealed-values.ts). */
const KEY_FILE = /^([A-Za-z0-9_-]{1,64})\.key$/;
/** `<edition id>.shredded`: left by the purge, the destroyed key's id (no key material). */
export const SHREDDED_SUFFIX = '.shredded';

export class EditionKeyError extends Error {}

function fileOf(folder: EditionKeyFolder, editionId: string, suffix = '.key'): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(editionId)) throw new EditionKeyError(`not an edition id: ${JSON.stringify(editionId)}`);
  return path.join(folder.dir, `${editionId}${suffix}`);
}

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function writeSynced(file: string, text: string): void {
  const fd = fs.openSync(file, 'wx', 0o600);
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** The wrapped key of a file, opened with DATA_KEY (or an older key); throws EditionKeyError naming the file. */
function readKeyFile(keyring: DataKeyring, file: string): DataKey {
  const wrapped = fs.readFileSync(file, 'utf8').trim();
  try {
    // only DATA_KEY and older keys wrap: no look-up among the edition keys (which would read this file again)
    const key = Buffer.from(open({ ...keyring, lookup: undefined }, wrapped), 'base64url');
    if (key.length !== 32) throw new SealedValueError('not a 32-byte key');
    return dataKeyOf(key);
  } catch (error) {
    if (!(error instanceof SealedValueError)) throw error;
    throw new EditionKeyError(
      `${file} is wrapped under data key ${keyIdOfSealed(wrapped) ?? '(unreadable)'}, which DATA_KEY / DATA_KEYS_OLD do not provide`,
    );
  }
}

function remember(keyring: DataKeyring, folder: EditionKeyFolder, editionId: string, key: DataKey): DataKey {
  folder.byEdition.set(editionId, key);
  keyring.keys.set(key.id, key);
  return key;
}

function forget(keyring: DataKeyring, folder: EditionKeyFolder, editionId: string): void {
  const key = folder.byEdition.get(editionId);
  folder.byEdition.delete(editionId);
  if (key) keyring.keys.delete(key.id);
}

/** Reads every edition key of the folder into the keyring; the problems name the files it cannot open. */
export function loadEditionKeys(keyring: DataKeyring, dir: string, problems: string[]): EditionKeyFolder {
  const folder: EditionKeyFolder = { dir, byEdition: new Map() };
  keyring.editionKeys = folder;
  // a value sealed under an edition key another instance made after this one started
  keyring.lookup = (id) => {
    rescan(keyring, folder, []);
    return keyring.keys.get(id);
  };
  rescan(keyring, folder, problems);
  return folder;
}

function rescan(keyring: DataKeyring, folder: EditionKeyFolder, problems: string[]): void {
  let names: string[];
  try {
    names = fs.readdirSync(folder.dir);
  } catch {
    return; // made with the first edition key
  }
  for (const name of names) {
    const editionId = KEY_FILE.exec(name)?.[1];
    if (!editionId || folder.byEdition.has(editionId)) continue;
    try {
      remember(keyring, folder, editionId, readKeyFile(keyring, path.join(folder.dir, name)));
    } catch (error) {
      if (!(error instanceof EditionKeyError)) throw error;
      problems.push(error.message);
    }
  }
}

/**
 * The key that seals the edition's personal values: read from its file, or made and written
 * when the edition has none. Several instances may make one at once: each writes its own
 * temporary file and links it to the key's name, which only the first link gets; the others
 * read that one. A key this process knows but whose file is gone was destroyed by a purge
 * elsewhere: it is never used to seal again.
 */
export function editionKeyFor(keyring: DataKeyring, editionId: string): DataKey {
  const folder = keyring.editionKeys;
  if (!folder) return keyring.current;
  const file = fileOf(folder, editionId);
  const known = folder.byEdition.get(editionId);
  if (known && fs.existsSync(file)) return known;
  if (known) forget(keyring, folder, editionId);
  fs.mkdirSync(folder.dir, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(file)) {
    const key = randomBytes(32);
    const temporary = path.join(folder.dir, `.${editionId}.${randomBytes(6).toString('hex')}.tmp`);
    writeSynced(temporary, seal(keyring, key.toString('base64url')));
    try {
      fs.linkSync(temporary, file);
      fsyncDir(folder.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  return remember(keyring, folder, editionId, readKeyFile(keyring, file));
}

/** The id of the edition's key when it has one (the purge looks for values still under it). */
export function editionKeyIdOf(keyring: DataKeyring, editionId: string): string | null {
  const folder = keyring.editionKeys;
  if (!folder) return null;
  const file = fileOf(folder, editionId);
  if (!fs.existsSync(file)) return null;
  return (folder.byEdition.get(editionId) ?? remember(keyring, folder, editionId, readKeyFile(keyring, file))).id;
}

/**
 * Destroys the edition's key: the file is overwritten with random bytes and synced, then
 * unlinked (and the folder synced), and this process forgets it. A `<edition>.shredded` note
 * keeps the key's id (not the key) so the start-up check knows values under it were erased on
 * purpose. Answers the destroyed key's id, null when there was none.
 * Overwriting cannot reach copies a copy-on-write file system or an SSD keeps elsewhere, nor
 * backups of the folder: see docs/OPERATIONS.md.
 */
export function destroyEditionKey(keyring: DataKeyring, editionId: string): string | null {
  const folder = keyring.editionKeys;
  if (!folder) return null;
  const file = fileOf(folder, editionId);
  const id = editionKeyIdOf(keyring, editionId);
  forget(keyring, folder, editionId);
  if (id === null) return null;
  const fd = fs.openSync(file, 'r+');
  try {
    fs.writeSync(fd, randomBytes(Math.max(fs.fstatSync(fd).size, 64)), 0, undefined, 0);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.rmSync(file);
  fs.writeFileSync(fileOf(folder, editionId, SHREDDED_SUFFIX), `${id}\n`, { mode: 0o600 });
  fsyncDir(folder.dir);
  return id;
}

/** The ids of keys destroyed by purges (the `.shredded` notes of the folder). */
export function shreddedKeyIds(keyring: DataKeyring): Set<string> {
  const out = new Set<string>();
  const folder = keyring.editionKeys;
  if (!folder) return out;
  let names: string[] = [];
  try {
    names = fs.readdirSync(folder.dir);
  } catch {
    return out;
  }
  for (const name of names) if (name.endsWith(SHREDDED_SUFFIX)) out.add(fs.readFileSync(path.join(folder.dir, name), 'utf8').trim());
  return out;
}

/** keys:rotate: every edition key file wrapped under an older DATA_KEY is wrapped anew under the current one. */
export function rewrapEditionKeys(keyring: DataKeyring): { rewrapped: number; files: number } {
  const folder = keyring.editionKeys;
  let rewrapped = 0;
  let files = 0;
  if (!folder || !fs.existsSync(folder.dir)) return { rewrapped, files };
  for (const name of fs.readdirSync(folder.dir)) {
    if (!KEY_FILE.test(name)) continue;
    files += 1;
    const file = path.join(folder.dir, name);
    const wrapped = fs.readFileSync(file, 'utf8').trim();
    if (keyIdOfSealed(wrapped) === keyring.current.id) continue;
    const key = readKeyFile(keyring, file);
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    writeSynced(temporary, seal(keyring, key.key.toString('base64url')));
    fs.renameSync(temporary, file);
    rewrapped += 1;
  }
  if (rewrapped > 0) fsyncDir(folder.dir);
  return { rewrapped, files };
}
