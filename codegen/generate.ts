/**
 * `npm run codegen`: check the schemas, then generate src/generated (bundled schemas,
 * precompiled validators, types, registry).
 * `npm run codegen -- --check` (codegen:check): generate in memory and fail listing every
 * generated file that is missing, stale or left over (the drift check CI runs).
 * `--rerecord NAME[,NAME...]|all`: record the current shape again under the current x-version
 * (only for a version that was never released; a released one needs an x-version bump).
 * Options for tests: --schemas DIR --locales DIR --out DIR --ui-schemas DIR --demo-data FILE.
 */
import path from 'node:path';
import { defaultOptions, generateAll, projectRoot, SchemaLintError, type CodegenOptions } from './pipeline.js';
import { driftMessage, findDrift, writeFiles } from './output.js';

function parseArgs(argv: string[]): { check: boolean; options: CodegenOptions } {
  const options: CodegenOptions = { ...defaultOptions };
  let check = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = (): string => path.resolve(argv[++i] ?? '');
    if (arg === '--check') check = true;
    else if (arg === '--schemas') options.schemasDir = value();
    else if (arg === '--locales') options.localesDir = value();
    else if (arg === '--out') options.outDir = value();
    else if (arg === '--ui-schemas') options.uiSchemasDir = value();
    else if (arg === '--demo-data') options.demoDataFile = value();
    else if (arg === '--rerecord') {
      const names = argv[++i] ?? '';
      options.rerecord = names === 'all' ? 'all' : names.split(',').filter(Boolean);
    } else
      throw new Error(
        `unknown argument ${arg} (use --check, --rerecord NAME, --schemas DIR, --locales DIR, --out DIR, --ui-schemas DIR, --demo-data FILE)`,
      );
  }
  return { check, options };
}

async function main(): Promise<number> {
  const { check, options } = parseArgs(process.argv.slice(2));
  const files = await generateAll(options);
  if (check) {
    const message = driftMessage(findDrift(files, options.outDir), projectRoot);
    if (message) {
      console.error(message);
      return 1;
    }
    console.log(`codegen check: ${files.size} generated files are up to date`);
    return 0;
  }
  const changed = writeFiles(files, options.outDir);
  console.log(`codegen: ${files.size} files generated, ${changed} written or removed`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // people read this: the sentence, never a stack trace
    console.error(error instanceof SchemaLintError ? error.message : `codegen: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
