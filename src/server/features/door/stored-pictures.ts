import fs from 'node:fs';
import type { UploadRepository } from '../../uploads/upload-repository.js';
import type { UploadStorage } from '../../uploads/upload-storage.js';

/**
 * The bytes of a stored picture by its upload id, for the door (badges print it, the scan shows
 * it). The door decides who may see it; a row or file gone gives null, and the name is shown alone.
 */
export class StoredPictures {
  constructor(
    private readonly uploads: UploadRepository,
    private readonly storage: UploadStorage,
  ) {}

  async read(uploadId: string | null): Promise<Buffer | null> {
    if (!uploadId) return null;
    const row = await this.uploads.find(uploadId);
    if (!row) return null;
    try {
      return await fs.promises.readFile(this.storage.pathOf(row.storage_name));
    } catch {
      return null;
    }
  }
}
