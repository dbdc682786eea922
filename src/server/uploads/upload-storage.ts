import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Names the server chooses: 32 random bytes, URL-safe; nothing of the client's name survives. */
const STORAGE_NAME = /^[A-Za-z0-9_-]{43}$/;

export const newRandomName = () => randomBytes(32).toString('base64url');

/**
 * The upload store, as every part of the server sees it. The one implementation is a folder
 * (UPLOAD_DIR, default DATA_DIR/uploads) that every instance mounts; an S3-compatible store
 * can implement the same shape (received bytes still land in a local incoming file, where
 * they are checked, before `placeWithRow` keeps them; `pathOf` then names a local copy).
 */
export interface UploadStore {
  /** A fresh local path for a file being received. */
  incomingPath(): string;
  /** Keeps a received file under `storageName` inside the caller's transaction (see UploadStorage). */
  placeWithRow(incoming: string, storageName: string, transact: (place: () => Promise<void>) => Promise<void>): Promise<void>;
  /** A local path to read a kept file from. */
  pathOf(storageName: string): string;
  /** Removes a local file (an incoming one, or a kept one by its `pathOf`). */
  discard(filePath: string): Promise<void>;
  /** Every name in the store, kept and incoming (for the sweep, uploads/upload-sweep.ts). */
  list(): Promise<string[]>;
  /** Removes the file `name`; its size in bytes, or null when it was not a plain file or is gone. */
  remove(name: string): Promise<number | null>;
}

/**
 * The local path of a kept file when it can be read, else null after `missing` has logged it: a
 * row can outlive its file (a store restored from an older backup), and every route that serves
 * a kept file answers 404 then rather than failing mid-stream.
 */
export async function readableKeptFile(
  store: Pick<UploadStore, 'pathOf'>,
  storageName: string,
  missing: () => void,
): Promise<string | null> {
  const filePath = store.pathOf(storageName);
  try {
    await fs.promises.access(filePath, fs.constants.R_OK);
  } catch {
    missing();
    return null;
  }
  return filePath;
}

/**
 * Files live in UPLOAD_DIR (default DATA_DIR/uploads), which is not under any folder the server
 * serves statically (that is dist/client); they are only read back through the access-checked
 * file route. Several instances mount the same folder: names are random, the rename is atomic.
 */
export class UploadStorage implements UploadStore {
  constructor(readonly dir: string) {
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  /** A fresh path for a file being received (dot-prefixed, so it never looks like a stored one). */
  incomingPath(): string {
    return path.join(this.dir, `.incoming-${newRandomName()}`);
  }

  /** Moves a received file to its final name (same folder, so the rename is atomic). */
  async place(incoming: string, storageName: string): Promise<void> {
    await fs.promises.rename(incoming, this.pathOf(storageName));
  }

  /**
   * Moves a received file into place inside the caller's transaction, which inserts its row: a
   * crash leaves either both or an `.incoming-*` file the sweep removes, and a rollback after the
   * move takes the placed file away again.
   */
  async placeWithRow(incoming: string, storageName: string, transact: (place: () => Promise<void>) => Promise<void>): Promise<void> {
    try {
      await transact(() => this.place(incoming, storageName));
    } catch (error) {
      await this.discard(this.pathOf(storageName));
      throw error;
    }
  }

  pathOf(storageName: string): string {
    if (!STORAGE_NAME.test(storageName)) throw new Error('invalid storage name');
    return path.join(this.dir, storageName);
  }

  async discard(filePath: string): Promise<void> {
    await fs.promises.rm(filePath, { force: true });
  }

  async list(): Promise<string[]> {
    try {
      return await fs.promises.readdir(this.dir);
    } catch {
      return [];
    }
  }

  async remove(name: string): Promise<number | null> {
    // any name the folder lists (incoming and `.clean` files too), but never outside it
    if (name !== path.basename(name)) return null;
    const filePath = path.join(this.dir, name);
    try {
      const stat = await fs.promises.lstat(filePath);
      if (!stat.isFile()) return null;
      await fs.promises.rm(filePath, { force: true });
      return stat.size;
    } catch {
      return null;
    }
  }
}
