import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Names the server chooses: 32 random bytes, URL-safe; nothing of the client's name survives. */
const STORAGE_NAME = /^[A-Za-z0-9_-]{43}$/;

export const newRandomName = () => randomBytes(32).toString('base64url');

/**
 * Files live in DATA_DIR/uploads, which is not under any folder the server serves statically
 * (that is dist/client); they are only read back through the access-checked file route.
 */
export class UploadStorage {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'uploads');
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
}
