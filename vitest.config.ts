import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Vitest's default is one worker fewer than the cores: on this 2-core machine that is ONE, and
 * the whole run went file after file (issue 21: 947 s). Most of a server or browser test's time
 * is spent waiting on PostgreSQL, Chromium or a timer, not on this process's CPU, so one more
 * file than cores keeps both cores busy (more made Chromium files time out on a loaded machine).
 * Every project shares this one budget: Vitest refuses projects of one group with budgets of
 * their own. `VITEST_MAX_WORKERS` overrides it.
 */
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || availableParallelism() + 1;

export default defineConfig({
  test: {
    maxWorkers,
    // the default summary, then the ten slowest files, so growth is seen the day it happens
    reporters: ['default', './tests/support/slowest-files-reporter.ts'],
    projects: [
      {
        test: {
          name: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/conformance/**/*.test.ts', 'tests/codegen/**/*.test.ts'],
          environment: 'node',
          // ceilings, not speed checks: codegen and Chromium runs are slow on a loaded 2-core machine
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/client/setup.ts'],
          // a ceiling for forms that load lazily, not a speed check (2 cores shared with the other projects)
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // a ceiling, not a speed check: a journey test walks a dozen screens; beside two other
          // browser files on 2 cores the longest took 95 s alone and passed 120 s in CI
          testTimeout: 300_000,
          hookTimeout: 600_000,
          // one client build for the run; each file still has its own server and database
          globalSetup: ['tests/e2e/support/build-client-once.ts'],
          // browser files run side by side like the rest: each owns its server, database and browser
        },
      },
    ],
  },
});
