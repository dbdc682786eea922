/** Expands the command-line arguments into case files: a file as given, a folder recursively (*.json, sorted). */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export class MissingPathError extends Error {}

export function collectCaseFiles(paths: string[]): string[] {
  const files: string[] = [];
  for (const path of paths) {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      throw new MissingPathError(`${path}: no such file or folder`);
    }
    if (stats.isDirectory()) {
      const entries = readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
      const nested = entries.filter((entry) => entry.isDirectory() || entry.name.endsWith('.json')).map((entry) => join(path, entry.name));
      files.push(...collectCaseFiles(nested));
    } else {
      files.push(path);
    }
  }
  return files;
}
