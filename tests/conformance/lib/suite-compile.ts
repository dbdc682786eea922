/**
 * Compiles each suite group's schema exactly as codegen compiles ours: compileValidatorModule
 * (codegen/validators.ts: rjsf's standalone ajv compilation with the app's ajv options, the
 * app's formats from src/shared/schema-formats.ts and the app's runtime helpers), written as
 * one ES module per group into a temporary folder. Node imports those modules; the browser test
 * bundles the very same files, so both sides run one compiled artefact.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileValidatorModule } from '../../../codegen/validators';
import type { JsonSchema } from '../../../codegen/schema-files';
import type { SuiteGroup } from './suite-file';

const SHARED_DIR = fileURLToPath(new URL('../../../src/shared', import.meta.url));

export interface CompiledGroup {
  /** the key the module exports the root validator under */
  key: string;
  moduleFile?: string;
  /** why the app's compilation refused the schema (strict mode, unknown format, missing helper...) */
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

export function compileGroup(group: SuiteGroup, outDir: string, name: string): CompiledGroup {
  const fallbackKey = `https://suite.invalid/${name}.json`;
  const schema = rootSchema(group.schema, fallbackKey);
  const key = String(schema.$id);
  try {
    const { js } = compileValidatorModule(schema, SHARED_DIR, `// JSON-Schema-Test-Suite group "${group.description}"`);
    mkdirSync(outDir, { recursive: true });
    const moduleFile = join(outDir, `${name}.js`);
    writeFileSync(moduleFile, js);
    return { key, moduleFile };
  } catch (error) {
    return { key, compileError: (error as Error).message.split('\n')[0] ?? 'compile error' };
  }
}
