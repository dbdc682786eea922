/**
 * `npm run conformance -- [file-or-dir ...]`: runs tester-written case files and
 * JSON-Schema-Test-Suite files against the app's own precompiled validators and shared formats.
 * See docs/conformance.md. Exit status: 0 all passed, 1 a case failed, 2 a case file is malformed.
 */
import { fileURLToPath } from 'node:url';
import { runConformance } from './lib/run-conformance';

const DEFAULT_PATHS = [
  fileURLToPath(new URL('./cases', import.meta.url)),
  fileURLToPath(new URL('./json-schema-test-suite/draft7', import.meta.url)),
  fileURLToPath(new URL('./draft7-keywords/groups', import.meta.url)),
];

const args = process.argv.slice(2);
process.exitCode = await runConformance(args.length > 0 ? args : DEFAULT_PATHS, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
