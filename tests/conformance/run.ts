/**
 * `npm run conformance -- [file-or-dir ...]`: runs tester-written case files against the
 * app's own precompiled validators and shared formats. See docs/conformance.md.
 * Exit status: 0 all passed, 1 a case failed, 2 a case file is malformed.
 */
import { fileURLToPath } from 'node:url';
import { runConformance } from './lib/run-conformance';

const DEFAULT_CASES = fileURLToPath(new URL('./cases', import.meta.url));

const args = process.argv.slice(2);
process.exitCode = runConformance(args.length > 0 ? args : [DEFAULT_CASES], {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
