/**
 * Compiles each suite group's schema with the app's standalone compilation, in SUITE MODE:
 * compileValidatorModule (codegen/validators.ts: rjsf's compileSchemaValidatorsCode, ajv standalone,
 * the same ESM rewrite and runtime helpers the app's generated validators get), written as one ES
 * module per group into a temporary folder. Node imports those modules; the browser run bundles the
 * very same files, so both sides run one compiled artefact.
 *
 * Suite mode differs from the app's options in what draft-07 itself asks and nothing else:
 * - not strict: draft-07 ignores keywords without effect and unknown keywords, where the app's
 *   build refuses them (its own schemas stay strict: codegen/validators.ts is unchanged for them);
 * - formats from suite-runtime/schema-formats.ts: known formats checked, unknown ones annotations;
 * - `$ref` makes its siblings ignored (draft-07 section 8.3; ajv's ignoreKeywordsWithRef), where
 *   the app's house rule for its own schemas is its own (see schemas/README.md);
 * - an instance's properties are its own (ajv ownProperties): a JSON object has no inherited
 *   `toString` or `constructor`, which the suite checks with `required` and `properties`;
 * - the suite's remotes added under http://localhost:1234/ (suite-remotes.ts) for a group that
 *   names that address; `$id`s, URNs and the draft-07 meta-schema resolve as ajv resolves them.
 *
 * rjsf's compileSchemaValidatorsCode first walks the schema for the sub-schemas a form needs
 * (schemaParser), and that walk resolves only `#/definitions/...` refs: it stops at a remote, URN or
 * `$id`-relative `$ref` ("Could not find a definition for ..."). For such a schema the root is
 * compiled the way rjsf does it minus that walk: the same createAjvInstance with the same options,
 * the same ajv standaloneCode, the same ES-module rewrite. The root validator is the same code.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CustomValidatorOptionsType } from '@rjsf/validator-ajv8';
import type Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import {
  compileValidatorModule,
  standaloneToModule,
  validatorOptions,
  type ValidatorModule,
} from '../../../src/shared/form-rules/validator-code.js';
import type { JsonSchema } from '../../../codegen/schema-files';
import type { SuiteGroup } from './suite-file';
import { mentionsRemotes, type RemoteDocument } from './suite-remotes';

const SUITE_RUNTIME_DIR = fileURLToPath(new URL('./suite-runtime', import.meta.url));
const SUITE_FORMATS_MODULE = join(SUITE_RUNTIME_DIR, 'schema-formats.ts');

export interface CompiledGroup {
  /** the key the module exports the root validator under */
  key: string;
  moduleFile?: string;
  /** why the compilation refused the schema (a schema ajv cannot compile even when not strict) */
  compileError?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Our validators are keyed by `$id`, so a group without one gets a unique one. A boolean schema
 * (the app never compiles one at the root) is wrapped in `allOf`, which keeps its meaning.
 */
function rootSchema(schema: unknown, key: string): JsonSchema {
  if (!isRecord(schema)) return { $id: key, allOf: [schema] } as JsonSchema;
  return (typeof schema.$id === 'string' ? schema : { $id: key, ...schema }) as JsonSchema;
}

async function suiteFormats(): Promise<Record<string, unknown>> {
  const mod = (await import(SUITE_FORMATS_MODULE)) as { schemaFormats: Record<string, unknown> };
  return mod.schemaFormats;
}

/** The app's validator options with draft-07's non-strict reading, the suite formats and the remotes. */
export async function suiteValidatorOptions(remotes: RemoteDocument[]): Promise<(withRemotes: boolean) => CustomValidatorOptionsType> {
  const customFormats = (await suiteFormats()) as CustomValidatorOptionsType['customFormats'];
  const appExtender = validatorOptions.extenderFn;
  return (withRemotes) => ({
    ...validatorOptions,
    customFormats,
    ajvOptionsOverrides: {
      ...validatorOptions.ajvOptionsOverrides,
      strict: false,
      strictSchema: false,
      logger: false,
      ignoreKeywordsWithRef: true,
      ownProperties: true,
    },
    extenderFn: (ajv: Ajv) => {
      const extended = appExtender ? appExtender(ajv) : ajv;
      if (withRemotes) for (const remote of remotes) extended.addSchema(remote.schema as object, remote.url);
      return extended;
    },
  });
}

export type SuiteOptions = Awaited<ReturnType<typeof suiteValidatorOptions>>;

function compileRootOnly(schema: JsonSchema, key: string, header: string, options: CustomValidatorOptionsType): ValidatorModule {
  const { additionalMetaSchemas, customFormats, ajvOptionsOverrides = {}, ajvFormatOptions, AjvClass, extenderFn } = options;
  const compileOptions = { ...ajvOptionsOverrides, code: { lines: true, ...ajvOptionsOverrides.code, source: true }, schemas: [schema] };
  const ajv = createAjvInstance(additionalMetaSchemas, customFormats, compileOptions, ajvFormatOptions, AjvClass, extenderFn);
  // only the root is exported: exporting every added remote as well makes ajv emit some functions twice
  return standaloneToModule(standaloneCode(ajv, { [key]: key }), SUITE_RUNTIME_DIR, header);
}

export function compileGroup(group: SuiteGroup, outDir: string, name: string, options: SuiteOptions): CompiledGroup {
  const fallbackKey = `https://suite.invalid/${name}.json`;
  const schema = rootSchema(group.schema, fallbackKey);
  const key = String(schema.$id);
  const header = `// JSON-Schema-Test-Suite group "${group.description}" (suite mode)`;
  const groupOptions = options(mentionsRemotes(group.schema));
  try {
    let compiled: ValidatorModule;
    try {
      compiled = compileValidatorModule(schema, SUITE_RUNTIME_DIR, header, groupOptions);
    } catch {
      // rjsf's schemaParser stops at refs it cannot follow; a schema ajv itself refuses fails again here, with ajv's reason
      compiled = compileRootOnly(schema, key, header, groupOptions);
    }
    const { js } = compiled;
    mkdirSync(outDir, { recursive: true });
    const moduleFile = join(outDir, `${name}.js`);
    writeFileSync(moduleFile, js);
    return { key, moduleFile };
  } catch (error) {
    return { key, compileError: (error as Error).message.split('\n')[0] ?? 'compile error' };
  }
}
