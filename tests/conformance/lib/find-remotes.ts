/**
 * Which `remotes/` folder serves http://localhost:1234/ for a run: the one beside the `tests/`
 * folder of the suite files being run (the suite's own layout: `<suite>/tests/draft7`,
 * `<suite>/remotes`), else the vendored one.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SHIPPED_REMOTES_DIR } from './load-suite';

function remotesBeside(absFile: string): string | undefined {
  let dir = dirname(absFile);
  for (;;) {
    const candidate = join(dir, 'remotes');
    if (existsSync(candidate) && statSync(candidate).isDirectory() && existsSync(join(dir, 'tests'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function remotesFolderFor(absSuiteFiles: string[]): string {
  for (const file of absSuiteFiles) {
    const found = remotesBeside(file);
    if (found) return found;
  }
  return SHIPPED_REMOTES_DIR;
}
