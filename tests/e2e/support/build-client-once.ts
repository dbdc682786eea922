import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { clearFailurePictures } from './artefacts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the client Vite built once for the whole e2e run (every file serves the same bundle) */
    e2eClientDir: string;
  }
}

/**
 * Global setup of the e2e project: the client is built once per run instead of once per file
 * (issue 21). Into a temporary folder, so a developer's dist/client is left alone.
 */
export default async function buildClientOnce(project: TestProject): Promise<() => void> {
  clearFailurePictures();
  const root = mkdtempSync(join(tmpdir(), 'summit-e2e-client-'));
  const clientDir = join(root, 'client');
  await build({ configFile: 'vite.config.ts', logLevel: 'error', build: { outDir: clientDir, emptyOutDir: true } });
  project.provide('e2eClientDir', clientDir);
  return () => rmSync(root, { recursive: true, force: true });
}
