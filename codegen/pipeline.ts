/**
 * The whole codegen as a pure function of the inputs: schemas + locales in, a map of
 * generated file path -> content out. Writing and the drift check are separate (output.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleSchema } from '../src/shared/form-rules/bundle.js';
import { lintSchemas } from '../src/shared/form-rules/lint.js';
import { generateRegistry, generateValidatorMap } from './registry.js';
import { readLocaleKeys, readSchemaSources, type JsonSchema } from './schema-files.js';
import { generateTypes } from './types.js';
import { compileValidatorModule } from '../src/shared/form-rules/validator-code.js';
import { GENERATED_MARK } from './marks.js';
import { collectCodeNames } from './code-names.js';
import { lintDeclarations, readDeclarations, readUiSchemaNames } from './declaration-lint.js';
import { lintUiSchemas } from './ui-schema-lint.js';
import { DEMO_DATA_FILE, lintDemoData, readEnglishTexts } from './demo-data-lint.js';
import { checkVersionRecords, VERSIONS_DIR, type BundledSchema } from './versions.js';
import { JsonSyntaxError, readJsonFile } from './json-file.js';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export { GENERATED_MARK };
const TS_HEADER = `// ${GENERATED_MARK}: source is schemas/*.json, run \`npm run codegen\`.`;

export interface CodegenOptions {
  schemasDir: string;
  localesDir: string;
  outDir: string;
  /** where src/shared lives (the generated validators import formats and helpers from it) */
  sharedDir: string;
  /** ui-schemas/ (screen declarations in its screens/ folder) */
  uiSchemasDir: string;
  /** where the code names declarations refer to live (operations, saves, panels) */
  clientDir: string;
  /** config/demo-data.json: its demo records must validate against the schemas */
  demoDataFile: string;
  /** schemas (or 'all') whose current x-version may be recorded again (a version never released) */
  rerecord?: readonly string[] | 'all';
}

export const defaultOptions: CodegenOptions = {
  schemasDir: path.join(projectRoot, 'schemas'),
  localesDir: path.join(projectRoot, 'locales'),
  outDir: path.join(projectRoot, 'src/generated'),
  sharedDir: path.join(projectRoot, 'src/shared'),
  uiSchemasDir: path.join(projectRoot, 'ui-schemas'),
  clientDir: path.join(projectRoot, 'src/client'),
  demoDataFile: path.join(projectRoot, DEMO_DATA_FILE),
};

export class SchemaLintError extends Error {
  constructor(readonly problems: string[]) {
    super(`Schema check failed (${problems.length} problem(s)):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/** Runs a step that may throw (ajv, the TS generator) and turns its error into a problem line. */
function humanly<T>(location: string, what: string, fix: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw new SchemaLintError(error.problems);
    const message = firstLine(error);
    // our own readers already say where and what to do
    if (/^(schemas|locales|config)\/\S+#/.test(message)) throw new SchemaLintError([message]);
    throw new SchemaLintError([`${location}: ${what} (${message}). ${fix}`]);
  }
}

/** Returns absolute path -> content of every generated file. Throws SchemaLintError on bad schemas. */
export async function generateAll(options: CodegenOptions = defaultOptions): Promise<Map<string, string>> {
  // a file that is not JSON stops codegen, naming every such file (schemas and locales) at once
  const broken: string[] = [];
  const readAll = <T>(location: string, what: string, read: () => T): T | undefined =>
    humanly(location, what, 'Fix the file the message names', () => {
      try {
        return read();
      } catch (error) {
        if (!(error instanceof JsonSyntaxError)) throw error;
        broken.push(...error.problems);
        return undefined;
      }
    });
  const sources = readAll('schemas/', 'the schemas cannot be read', () => readSchemaSources(options.schemasDir));
  const localeKeys = {
    'zh-CN': readAll('locales/', 'the locales cannot be read', () => readLocaleKeys(options.localesDir, 'zh-CN')) ?? new Set<string>(),
    en: readAll('locales/', 'the locales cannot be read', () => readLocaleKeys(options.localesDir, 'en')) ?? new Set<string>(),
  };
  if (broken.length > 0 || !sources) throw new SchemaLintError(broken);
  const { definitions, schemas } = sources;
  const shared = (definitions.schema.definitions ?? {}) as Record<string, JsonSchema>;
  const problems = lintSchemas({ sources: [definitions, ...schemas], localeKeys });
  const schemaOf = (name: string): JsonSchema | undefined => {
    const source = schemas.find((candidate) => candidate.name === name);
    if (!source) return undefined;
    try {
      return bundleSchema(source.schema, shared, source.name);
    } catch {
      return undefined; // a broken $ref: lintSchemas reports it
    }
  };
  const declarations = readDeclarations(path.join(options.uiSchemasDir, 'screens'));
  problems.push(
    ...lintDeclarations({
      declarations,
      schemaNames: new Set(schemas.map((source) => source.name)),
      schemas: new Map(schemas.map((source) => [source.name, source.schema])),
      definitions: (definitions.schema.definitions ?? {}) as Record<string, JsonSchema>,
      schemaOf,
      uiSchemaNames: readUiSchemaNames(options.uiSchemasDir),
      uiSchemaOf: (name) => {
        const file = path.join(options.uiSchemasDir, `${name}.json`);
        if (!fs.existsSync(file)) return undefined;
        try {
          return readJsonFile(file, `ui-schemas/${name}.json`) as Record<string, unknown>;
        } catch {
          return undefined; // lintUiSchemas names the syntax error
        }
      },
      codeNames: collectCodeNames(options.clientDir),
      localeKeys,
    }),
  );
  problems.push(
    ...lintUiSchemas({
      uiSchemasDir: options.uiSchemasDir,
      schemaOf,
      schemaNames: new Set(schemas.map((source) => source.name)),
      declarations: declarations.map((source) => source.declaration),
    }),
  );
  if (problems.length === 0) {
    problems.push(...lintDemoData({ file: options.demoDataFile, schemaOf, texts: readEnglishTexts(options.localesDir) }));
  }
  if (problems.length > 0) throw new SchemaLintError(problems);

  const files = new Map<string, string>();
  const validatorsDir = path.join(options.outDir, 'validators');
  const importBase = path.relative(validatorsDir, options.sharedDir).split(path.sep).join('/');
  const bundledSchemas: BundledSchema[] = schemas.map((source) => ({
    name: source.name,
    file: source.file,
    schema: humanly(`schemas/${source.file}#`, 'cannot be bundled', 'Correct the $ref the message names', () =>
      bundleSchema(source.schema, shared, source.name),
    ),
  }));
  // form versions: a shape change needs an x-version bump; each published version stays on record
  // answer schemas (x-response) describe no stored record: nothing to keep per version
  const stored = bundledSchemas.filter((source) => source.schema['x-response'] !== true);
  const records = checkVersionRecords(stored, path.join(options.outDir, VERSIONS_DIR), options.rerecord);
  if (records.problems.length > 0) throw new SchemaLintError(records.problems);
  for (const [file, content] of records.files) files.set(file, content);
  for (const { schema: bundled, ...source } of bundledSchemas) {
    const withHeader = { $comment: `${GENERATED_MARK}: source is schemas/${source.file}`, ...bundled };
    files.set(path.join(options.outDir, 'schemas', `${source.name}.json`), `${JSON.stringify(withHeader, null, 2)}\n`);
    const header = `// ${GENERATED_MARK}: source is schemas/${source.file}, run \`npm run codegen\`.`;
    const module = humanly(
      `schemas/${source.file}#`,
      'the validator does not compile',
      'Correct the keyword the message names (ajv strict mode refuses unknown keywords and formats)',
      () => compileValidatorModule(bundled, importBase, header),
    );
    files.set(path.join(validatorsDir, `${source.name}.js`), module.js);
    files.set(path.join(validatorsDir, `${source.name}.d.ts`), module.dts);
  }
  let types: string;
  try {
    types = await generateTypes(definitions, schemas, TS_HEADER);
  } catch (error) {
    throw new SchemaLintError([
      `schemas/: TypeScript types could not be generated (${firstLine(error)}). Correct the schema the message names`,
    ]);
  }
  files.set(path.join(options.outDir, 'types.ts'), types);
  files.set(path.join(options.outDir, 'registry.ts'), generateRegistry(schemas, TS_HEADER));
  files.set(path.join(options.outDir, 'validator-map.ts'), generateValidatorMap(schemas, TS_HEADER));
  return files;
}
