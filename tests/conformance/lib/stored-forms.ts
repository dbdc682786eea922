/**
 * `--form guest@5`: a form version stored in a database (organisers publish them in the console,
 * table form_versions) instead of a record of src/generated/versions. The row is read from the
 * server's database (DATABASE_URL + DATABASE_SCHEMA, else `--sqlite FILE`, else
 * DATA_DIR/summit.sqlite; read only), bundled with the repository's shared definitions and
 * compiled as the server compiles a version when it is published (FormDrafts.compile:
 * RepositoryForms.bundle, then validatorFactoryModule with codegen's ajv options, formats, custom
 * keywords and multipleOf), into the very module text the server serves for it (the module's
 * sha256 is printed; it is the one of its `/form-validators/<sha256>.js`). The cases written for
 * that version (`"schema": "guest@5"`) then run against it, in Node and with `--browser` in
 * Chromium, like the older versions of older-versions.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { holdsFormVersions, openFormsDatabase } from '../../../scripts/support/forms-database.js';
import { formsDb } from '../../../src/server/features/forms/form-tables.js';
import { documentOf } from '../../../src/server/features/forms/form-version-rows.js';
import { RepositoryForms } from '../../../src/server/features/forms/repository-forms.js';
import { formValidatorCode } from '../../../src/server/features/forms/form-validator-code.js';
import type { JsonSchema } from '../../../codegen/schema-files';
import type { SchemaName } from '../../../src/generated/registry';
import type { OlderVersionModule } from './older-versions';
import type { StoredFormReference } from './stored-form-reference';

const SHARED_DIR = fileURLToPath(new URL('../../../src/shared', import.meta.url));
const REPOSITORY_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface StoredForms {
  modules: OlderVersionModule[];
  /** `guest@5` -> how the run names it: `stored in data/summit.sqlite: published, module 3f2a...` */
  descriptions: Map<string, string>;
  /** reported as MALFORMED before anything runs */
  problems: string[];
}

/**
 * The module a case file's validators are imported from: the server's factory module, and the
 * few lines that give it the app's formats and ajv helpers and export its root validator by key.
 */
function bindingModule(factoryFile: string, key: string): string {
  return [
    `import formValidators from ${JSON.stringify(`./${factoryFile}`)};`,
    `import { schemaFormats } from ${JSON.stringify(`${SHARED_DIR}/schema-formats.ts`)};`,
    `import * as ajvRuntime from ${JSON.stringify(`${SHARED_DIR}/ajv-runtime.ts`)};`,
    `const root = formValidators(schemaFormats, ajvRuntime)[${JSON.stringify(key)}];`,
    `export { root as ${JSON.stringify(key)} };`,
    '',
  ].join('\n');
}

export async function compileStoredForms(
  references: StoredFormReference[],
  outDir: string,
  env: Record<string, string | undefined>,
  sqliteFile?: string,
): Promise<StoredForms> {
  const result: StoredForms = { modules: [], descriptions: new Map(), problems: [] };
  if (references.length === 0) return result;
  const database = openFormsDatabase(env, sqliteFile);
  const { db, name: where } = database;
  const nowhere = 'set DATABASE_URL (and DATABASE_SCHEMA), DATA_DIR or --sqlite to the server database';
  if (!db) return { ...result, problems: [`--form: ${where} does not exist: no stored form version to run (${nowhere})`] };
  const files = new RepositoryForms(REPOSITORY_ROOT);
  try {
    if (!(await holdsFormVersions({ ...database, db })))
      return { ...result, problems: [`--form: ${where} holds no form versions (the server seeds them at its first start; ${nowhere})`] };
    for (const { name, version } of references) {
      const row = await formsDb(db)
        .selectFrom('form_versions')
        .selectAll()
        .where('form_name', '=', name)
        .where('version', '=', version)
        .executeTakeFirst();
      if (!row) {
        const stored = await formsDb(db)
          .selectFrom('form_versions')
          .select('version')
          .where('form_name', '=', name)
          .orderBy('version')
          .execute();
        result.problems.push(
          `--form ${name}@${version}: ${where} has no version ${version} of ${name} (it has ${stored.map((r) => r.version).join(', ') || 'none'})`,
        );
        continue;
      }
      // the module FormDrafts.compile makes of a version: the server serves this text
      const bundled = files.bundle(name, documentOf(row).schema) as JsonSchema;
      const { code, sha256 } = formValidatorCode(name, bundled);
      const key = String(bundled.$id);
      mkdirSync(outDir, { recursive: true });
      const factoryFile = `${name}@${version}.factory.js`;
      writeFileSync(join(outDir, factoryFile), code);
      const moduleFile = join(outDir, `${name}@${version}.stored.js`);
      writeFileSync(moduleFile, bindingModule(factoryFile, key));
      result.modules.push({ name: name as SchemaName, version, moduleFile, key, schema: bundled });
      result.descriptions.set(`${name}@${version}`, `${name}@${version} (stored in ${where}: ${row.state}, module ${sha256.slice(0, 12)})`);
    }
  } finally {
    await db.destroy();
  }
  return result;
}
