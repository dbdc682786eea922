import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster` (issue 20): two instances behind Debian's nginx on PostgreSQL and
 * Redis, started as real processes. Kept out of `npm test` (it starts processes and puts them
 * under load); one file at a time.
 */
export default defineConfig({
  test: {
    name: 'cluster',
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
