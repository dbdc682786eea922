/**
 * `npm run form-version:publish [-- form-version:diff options]`: the organiser's one command after editing
 * schemas/, ui-schemas/ and locales/ for a new form version:
 *   1. codegen (checks the schemas, UI schemas and demo data; records the new versions),
 *   2. the form-version diff against the configured database (DATABASE_URL, else DATA_DIR) with its
 *      summary: which stored records the new versions change or reject,
 *   3. the client build: the browser bundle embeds the precompiled validators and UI schemas.
 * Stops at the first step that fails. What must be restarted afterwards is printed at the end
 * and written down in docs/form-versions.md.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(title: string, command: string, args: string[]): number {
  console.log(`\n== ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.error) {
    console.error(`form-version:publish: ${title} could not start (${result.error.message})`);
    return 2;
  }
  return result.status ?? 1;
}

const tsx = (script: string, args: string[] = []): [string, string[]] => [
  process.execPath,
  ['--import', 'tsx', path.join(root, script), ...args],
];

function main(): number {
  const diffArgs = process.argv.slice(2);
  const codegen = run('1/3 codegen: schemas, UI schemas, demo data, versions', ...tsx('codegen/generate.ts'));
  if (codegen !== 0) {
    console.error('\nform-version:publish stopped: codegen refused the change (see above). Nothing was built.');
    return codegen;
  }
  const diff = run('2/3 form-version diff: stored records under the new versions', ...tsx('scripts/form-version-diff.ts', diffArgs));
  if (diff === 2) {
    console.error('\nform-version:publish stopped: the form-version diff could not read the database (see above). Nothing was built.');
    return 2;
  }
  const build = run('3/3 client build (the bundle embeds the validators)', 'npm', ['run', 'build']);
  if (build !== 0) {
    console.error('\nform-version:publish stopped: the client build failed (see above).');
    return build;
  }
  console.log(
    [
      '',
      'form-version:publish done.',
      diff === 1
        ? '  Some stored records need changes under the new versions (listed above): each opens with the upgrade note and is saved under the new version once fixed.'
        : '  No stored record needs a change.',
      '  Now restart every server instance (it loads the new validators and schemas at start); browsers get the new bundle on their next page load.',
      '  Commit schemas/, ui-schemas/, locales/, config/ and src/generated/ together (docs/form-versions.md).',
    ].join('\n'),
  );
  return 0;
}

process.exit(main());
