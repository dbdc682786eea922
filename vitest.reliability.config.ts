import { defineConfig } from 'vitest/config';

/**
 * `npm run test:reliability` (issue 11): the fuzz of every route, the cross-unit access matrix
 * and SIGKILL during concurrent writes. Kept out of `npm test`: it sends tens of thousands of
 * requests and restarts a real server. One file at a time: the kill test wants the CPU.
 */
export default defineConfig({
  test: {
    name: 'reliability',
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
