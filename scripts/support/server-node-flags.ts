import path from 'node:path';

/**
 * The node flags a portal instance runs with: `npm start`, the systemd unit
 * (deploy/systemd/summit@.service) and the benches that start `dist/server/main.js` use these,
 * and tests/unit/server-node-flags.test.ts keeps the three in step.
 *
 * `--max-old-space-size`: V8 sizes its heap from the machine's memory (4 GB here, on 24 GB), and
 * with so much room it lets short-lived garbage pile up: a 100,000-guest export on PostgreSQL,
 * read from outside, peaked at 309 MB with 159 MB of heap in use, against 200 MB with the cap,
 * in the same time. 1 GB is far above what an instance keeps alive (about 40 MB idle, 80 MB while
 * exporting), so the cap only makes V8 collect sooner; photo checks and workbook imports run in
 * worker threads with heaps of their own.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-old-space-size=1024'] as const;

/** node's arguments starting the built instance (`npm run build`) with these flags, as the benches do. */
export const builtServerArgs = (repoRoot: string): string[] => [...SERVER_NODE_FLAGS, path.join(repoRoot, 'dist/server/main.js')];
