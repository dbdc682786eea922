import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One page: a full file system refuses it even where a zero-byte file could still be made. */
const PROBE_BYTES = 4096;

/**
 * Readiness of the folders the instance writes (DATA_DIR: the SQLite database, secrets; the
 * upload store): a page written, synced and removed in each. A full disk or a folder turned
 * read-only fails it, so /readyz says what the writes would meet.
 */
export async function probeWritable(folders: readonly string[]): Promise<void> {
  for (const folder of new Set(folders)) {
    const probe = path.join(folder, `.readyz-${randomBytes(6).toString('hex')}`);
    // an instance whose keys all come from the environment may never have needed its DATA_DIR yet
    await mkdir(folder, { recursive: true });
    try {
      await writeFile(probe, Buffer.alloc(PROBE_BYTES), { flush: true, mode: 0o600 });
    } finally {
      await rm(probe, { force: true });
    }
  }
}
