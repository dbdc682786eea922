/**
 * `npm run conformance -- [--browser] [--from-records] [--form NAME@VERSION ...] [--sqlite FILE] [file-or-dir ...]`:
 * runs tester-written case files and JSON-Schema-Test-Suite files (suite mode) against the app's
 * own validators; `--browser` runs them in Chromium too and compares; `--from-records` runs the
 * current version's cases against the validator compiled from its published record, the one they
 * meet after the next bump; `--form guest@5` runs the cases written for guest@5 against that
 * version as stored in the server's database (DATABASE_URL, else --sqlite FILE, else
 * DATA_DIR/summit.sqlite), compiled as the server compiles it. See docs/conformance.md. Exit
 * status: 0 all passed, 1 a case failed (or Chromium and Node differ), 2 a case file is malformed
 * (or a --form version cannot be read).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_MALFORMED, runConformance } from './lib/run-conformance';
import { parseFormReference, type StoredFormReference } from './lib/stored-form-reference';

const DEFAULT_PATHS = [
  fileURLToPath(new URL('./cases', import.meta.url)),
  fileURLToPath(new URL('./json-schema-test-suite/tests/draft7', import.meta.url)),
  fileURLToPath(new URL('./draft7-keywords/groups', import.meta.url)),
];

const args = process.argv.slice(2);
let browser = false;
let fromRecords = false;
let sqlite: string | undefined;
const forms: StoredFormReference[] = [];
const problems: string[] = [];
const paths: string[] = [];
for (let i = 0; i < args.length; i += 1) {
  const arg = args[i]!;
  if (arg === '--browser') browser = true;
  else if (arg === '--from-records') fromRecords = true;
  else if (arg === '--sqlite') sqlite = resolve(args[++i] ?? '');
  else if (arg === '--form') {
    const reference = parseFormReference(args[++i] ?? '');
    if (typeof reference === 'string') problems.push(reference);
    else forms.push(reference);
  } else paths.push(arg);
}
for (const problem of problems) console.error(`MALFORMED ${problem}`);
process.exitCode =
  problems.length > 0
    ? EXIT_MALFORMED
    : await runConformance(
        paths.length > 0 ? paths : DEFAULT_PATHS,
        {
          out: (line) => console.log(line),
          err: (line) => console.error(line),
        },
        { browser, fromRecords, forms, sqlite },
      );
