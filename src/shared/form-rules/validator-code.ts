/**
 * Precompiled validators: rjsf's compileSchemaValidatorsCode (ajv standalone) on the bundled
 * schema, then turned into an ES module. Codegen writes the repository's; the server compiles a
 * form version's with the same options into a factory module (`validatorFactoryModule`).
 *
 * Why not ajv's `code.esm`: rjsf keys each validator by the schema's `$id` (a URL) or a hash
 * (may start with a digit); ajv's ESM output needs identifiers and throws. So we compile to
 * CommonJS and rewrite `exports["key"] = validateN` into `export { validateN as "key" }`
 * (ES2022 string export names), which keeps `import * as validateFns` working with rjsf's
 * `createPrecompiledValidator` (it looks validators up by those very keys).
 *
 * Formats: ajv's `code.formats` is set to the expression `schemaFormats`, so every format check
 * compiles to `schemaFormats["mobile"]` etc., and the module imports `schemaFormats` from
 * src/shared/schema-formats.ts (which re-exports src/shared/formats.ts). Runtime helpers that
 * ajv emits as `require("ajv/dist/runtime/x")` are rewritten to imports of src/shared/ajv-runtime.ts.
 */
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { CustomValidatorOptionsType } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { _ } from 'ajv';
import { schemaFormats } from '../schema-formats.js';
import * as ajvRuntime from '../ajv-runtime.js';
import { addSchemaKeywords } from '../schema-keywords.js';
import { useExactMultipleOf } from '../multiple-of-keyword.js';
import type { JsonSchema } from './bundle.js';

/** The ajv options of the precompiled validators (both sides): all errors, verbose for x-messages. */
export const validatorOptions: CustomValidatorOptionsType = {
  customFormats: schemaFormats,
  // ajv-formats stays out: every format we use is ours (schema-formats.ts), so none is required at run time.
  ajvFormatOptions: false,
  ajvOptionsOverrides: {
    allErrors: true,
    verbose: true,
    strict: false,
    // ...but an unknown keyword or format is a build error, not a warning (the lint says the same first).
    strictSchema: true,
    code: { formats: _`schemaFormats`, lines: false, optimize: true },
  },
  // multipleOf without rjsf's overflow gap (1e308 is no multiple of 0.123456789): src/shared/multiple-of-keyword.ts
  extenderFn: (ajv) => useExactMultipleOf(addSchemaKeywords(ajv)),
};

const RUNTIME_REQUIRE = /require\("ajv\/dist\/runtime\/([a-z0-9]+)"\)\.(default|[A-Za-z0-9_]+)/g;
// ajv writes `exports["key"] = validateN;`, or `exports.key = validateN;` when the key is an identifier.
const EXPORT_LINE = /exports(?:\[("(?:[^"\\]|\\.)*")\]|\.([A-Za-z_$][\w$]*)) = (validate\d+);/g;

const STRING_LITERAL = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g;

export interface ValidatorModule {
  js: string;
  dts: string;
}

/**
 * `importBase`: relative path from the generated validators folder to src/shared (or to a folder
 * with the same two modules, as the conformance runner's suite mode gives). `options`: the app's
 * own by default; the conformance runner's suite mode passes draft-07's non-strict variant.
 */
export function compileValidatorModule(
  bundled: JsonSchema,
  importBase: string,
  header: string,
  options: CustomValidatorOptionsType = validatorOptions,
): ValidatorModule {
  return standaloneToModule(compileSchemaValidatorsCode(bundled as RJSFSchema, options), importBase, header);
}

/**
 * ajv's CommonJS standalone code without its CommonJS: each runtime `require` becomes a local
 * `ajvRuntime_<helper>`, each export an entry written by `entry(key, function)`.
 */
function rewriteStandalone(
  cjs: string,
  entry: (key: string, fn: string) => string,
): { code: string; helpers: Set<string>; entries: string[] } {
  const helpers = new Set<string>();
  let code = cjs.replace(RUNTIME_REQUIRE, (_match, helper: string, member: string) => {
    if (!(helper in ajvRuntime) || (member !== 'default' && member !== helper)) {
      throw new Error(`ajv standalone code needs runtime helper "${helper}.${member}", missing in src/shared/ajv-runtime.ts`);
    }
    helpers.add(helper);
    return `ajvRuntime_${helper}`;
  });
  const entries: string[] = [];
  code = code.replace(EXPORT_LINE, (_match, quoted: string | undefined, identifier: string | undefined, fn: string) => {
    entries.push(entry(quoted ?? JSON.stringify(identifier), fn));
    return '';
  });
  // strings are the schema's own words (an option's value, a description an organiser typed may
  // say "exports"): only the code around them must be free of CommonJS
  if (/\brequire\(|\bexports\b|module\.exports/.test(code.replace(STRING_LITERAL, '""'))) {
    throw new Error('ajv standalone code still contains CommonJS after the ESM rewrite');
  }
  return { code: code.replace(/^"use strict";/, ''), helpers, entries };
}

/** ajv's CommonJS standalone code as our ES module (see the top of this file). */
export function standaloneToModule(cjs: string, importBase: string, header: string): ValidatorModule {
  const { code, helpers, entries: exportsList } = rewriteStandalone(cjs, (key, fn) => `${fn} as ${key}`);
  const imports = [`import { schemaFormats } from '${importBase}/schema-formats.ts';`];
  if (helpers.size > 0) {
    const names = [...helpers].sort().map((h) => `${h} as ajvRuntime_${h}`);
    imports.push(`import { ${names.join(', ')} } from '${importBase}/ajv-runtime.ts';`);
  }
  const usesFormats = code.includes('schemaFormats');
  const js = [header, ...(usesFormats ? imports : imports.slice(1)), code.trim(), `export { ${exportsList.join(', ')} };`, ''].join('\n');
  const dts = [
    header,
    "import type { ValidateFunction } from 'ajv';",
    ...exportsList.map((entry, i) => `declare const v${i}: ValidateFunction;`),
    `export { ${exportsList.map((entry, i) => `v${i} as ${entry.split(' as ')[1]}`).join(', ')} };`,
    '',
  ].join('\n');
  return { js, dts };
}

/**
 * A form version's validators as a module with no import: its default export takes the formats
 * and ajv's runtime helpers (the page's own src/shared/schema-formats.ts and ajv-runtime.ts) and
 * returns the validators by key. The page imports it from its content-addressed URL, so the
 * Content-Security-Policy keeps `script-src 'self'` without 'unsafe-eval'.
 */
export function validatorFactoryModule(bundled: JsonSchema, header: string): string {
  const cjs = compileSchemaValidatorsCode(bundled as RJSFSchema, validatorOptions);
  const { code, helpers, entries } = rewriteStandalone(cjs, (key, fn) => `${key}: ${fn}`);
  const locals = [...helpers].sort().map((h) => `const ajvRuntime_${h} = ajvRuntime.${h};`);
  return [
    header,
    'export default function formValidators(schemaFormats, ajvRuntime) {',
    ...locals,
    code.trim(),
    `return { ${entries.join(', ')} };`,
    '}',
    '',
  ].join('\n');
}
