/**
 * Validators of the published versions older than the current one, for the cases written for them
 * (case-versions.ts); with `fromRecords`, of the current version too, as the cases will meet it
 * once a new version is published (`--from-records`). Each record in src/generated/versions/<name>/<version>.json is compiled
 * exactly as codegen compiles the current schema (compileValidatorModule with the app's own strict
 * options and src/shared formats and helpers), written as an ES module, and imported; the
 * --browser run bundles the same module files.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileValidatorModule } from '../../../src/shared/form-rules/validator-code.js';
import type { JsonSchema } from '../../../codegen/schema-files';
import type { SchemaName } from '../../../src/generated/registry';
import type { ConformanceCase } from './case-file';
import { currentVersionOf } from './case-versions';
import type { OlderVersions, VersionValidator } from './check-case';
import { exportedValidator } from './suite-run';

const SHARED_DIR = fileURLToPath(new URL('../../../src/shared', import.meta.url));
export const VERSIONS_DIR = fileURLToPath(new URL('../../../src/generated/versions', import.meta.url));

export interface OlderVersionModule {
  name: SchemaName;
  version: number;
  moduleFile: string;
  /** the key the module exports the root validator under (the record's `$id`) */
  key: string;
  schema: JsonSchema;
}

export interface OlderVersionPlan {
  modules: OlderVersionModule[];
  /** "file: case #i: ..." problems, reported as MALFORMED before anything runs */
  problems: string[];
}

function versionKey(name: string, version: number): string {
  return `${name}@${version}`;
}

/**
 * Finds every older version the cases name (every version with `fromRecords`), checks it is on
 * record, and compiles it once. `supplied`: versions (`guest@5`) compiled elsewhere (stored-forms.ts).
 */
export function planOlderVersions(
  files: { file: string; cases: ConformanceCase[] }[],
  outDir: string,
  { fromRecords = false, supplied = new Set<string>() }: { fromRecords?: boolean; supplied?: ReadonlySet<string> } = {},
): OlderVersionPlan {
  const modules = new Map<string, OlderVersionModule>();
  const problems: string[] = [];
  for (const { file, cases } of files) {
    cases.forEach((testCase, index) => {
      if (testCase.kind !== 'schema' || testCase.version === undefined) return;
      const { schema: name, version } = testCase;
      const current = currentVersionOf(name);
      // a version given otherwise (a form version stored in a database, `--form`) is not looked for on record
      if ((version === current && !fromRecords) || modules.has(versionKey(name, version)) || supplied.has(versionKey(name, version)))
        return;
      const record = join(VERSIONS_DIR, name, `${version}.json`);
      if (version > current || !existsSync(record)) {
        problems.push(
          `${file}: case #${index}: ${name}@${version} is not a published version of ${name} (current is ${current}; records in src/generated/versions/${name}/)`,
        );
        return;
      }
      const schema = JSON.parse(readFileSync(record, 'utf8')) as JsonSchema;
      const { js } = compileValidatorModule(
        schema,
        SHARED_DIR,
        `// ${name}@${version}, compiled from its published record for the conformance run`,
      );
      mkdirSync(outDir, { recursive: true });
      const moduleFile = join(outDir, `${name}@${version}.js`);
      writeFileSync(moduleFile, js);
      modules.set(versionKey(name, version), { name, version, moduleFile, key: String(schema.$id), schema });
    });
  }
  return { modules: [...modules.values()], problems };
}

/** Imports the compiled modules (Node side). */
export async function loadOlderVersions(plan: OlderVersionPlan): Promise<OlderVersions> {
  const validators = new Map<string, VersionValidator>();
  for (const mod of plan.modules) {
    const exports = (await import(pathToFileURL(mod.moduleFile).href)) as Record<string, VersionValidator['validate']>;
    const validate = exportedValidator(exports, mod.key);
    if (!validate) throw new Error(`${mod.moduleFile} exports no validator "${mod.key}"`);
    validators.set(versionKey(mod.name, mod.version), { validate, schema: mod.schema });
  }
  return (name, version) => validators.get(versionKey(name, version));
}
