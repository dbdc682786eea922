import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

/**
 * `npm run test:quick` (issue 21): the edit-run loop. An incremental type-check (the build info
 * is kept under node_modules/.cache, so the second run checks only what changed), then the unit,
 * codegen and server tests on SQLite only. No browser, no PostgreSQL, no conformance suite:
 * `npm test` runs everything and is what CI runs.
 */
const cacheDir = 'node_modules/.cache/summit';
mkdirSync(cacheDir, { recursive: true });

function step(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

step('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', `${cacheDir}/tsbuildinfo`]);
step('npx', ['vitest', 'run', 'tests/unit', 'tests/codegen', 'tests/server', ...process.argv.slice(2)], {
  ...process.env,
  TEST_DATABASES: 'sqlite',
});
