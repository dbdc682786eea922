/**
 * A small file system of the test's own to fill up (the full-disk tests): a tmpfs of a given
 * size, which needs root and a working `mount -t tmpfs` (a container without CAP_SYS_ADMIN has
 * neither), and a filler file written until it refuses a single byte more.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Whether this process can mount a tmpfs (tried on a probe folder). */
export function tmpfsMountable(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-mount-probe-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe]).status === 0;
  if (mounted) spawnSync('umount', [probe]);
  fs.rmSync(probe, { recursive: true, force: true });
  return mounted;
}

/** A new temporary folder with a tmpfs of `size` (mount's notation: 48m) mounted on it. */
export function mountTmpfs(prefix: string, size: string): string {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mountPoint], { encoding: 'utf8' });
  if (mounted.status !== 0) throw new Error(`mount failed: ${mounted.stderr}`);
  return mountPoint;
}

export function unmount(mountPoint: string): void {
  spawnSync('umount', [mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
}

/** Writes a filler file until the file system refuses a single byte more; the bytes written. */
export function fillUp(file: string): number {
  const fd = fs.openSync(file, 'w');
  let written = 0;
  try {
    for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 9, 1]) {
      const chunk = Buffer.alloc(size, 7);
      for (;;) {
        try {
          written += fs.writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return written;
}
