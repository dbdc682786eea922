/**
 * `npm run conformance -- [--browser] [--from-records] [file-or-dir ...]`: runs tester-written case
 * files and JSON-Schema-Test-Suite files (suite mode) against the app's own validators; `--browser`
 * runs them in Chromium too and compares; `--from-records` runs the current version's cases against
 * the validator compiled from its published record, the one they meet after the next bump. See docs/conformance.md. Exit status: 0 all passed, 1 a case
 * failed (or Chromium and Node differ), 2 a case file is malformed.
 */
import { fileURLToPath } from 'node:url';
import { runConformance } from './lib/run-conformance';

const DEFAULT_PATHS = [
  fileURLToPath(new URL('./cases', import.meta.url)),
  fileURLToPath(new URL('./json-schema-test-suite/tests/draft7', import.meta.url)),
  fileURLToPath(new URL('./draft7-keywords/groups', import.meta.url)),
];

const args = process.argv.slice(2);
const browser = args.includes('--browser');
const fromRecords = args.includes('--from-records');
const paths = args.filter((arg) => arg !== '--browser' && arg !== '--from-records');
process.exitCode = await runConformance(
  paths.length > 0 ? paths : DEFAULT_PATHS,
  {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  },
  { browser, fromRecords },
);
