/**
 * `npm run bench:validate`: validations per second of the precompiled validators (the
 * generated ajv standalone modules the app runs) against ajv compiling the same bundled
 * schema at run time (same formats, keywords and options), on the same data in the same
 * run; plus the byte size (raw and gzip) of each precompiled module. Figures only: no
 * assertions, as timings depend on the machine.
 *
 * The data is the first valid and the first invalid case of the schema's conformance case
 * file (tests/conformance/cases/<name>.json), so the benchmark follows the schemas.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createRuntimeAjv } from './runtime-ajv';

const BENCH_SCHEMAS = ['guest', 'unit'] as const;
const WARM_UP_ITERATIONS = 5_000;
/** Each round measures both sides in turn for this long; the median round counts. */
const ROUND_NS = 150_000_000n;
const ROUNDS = 7;
const BATCH = 1_000;

type ValidateFn = (data: unknown) => boolean;

const root = (relative: string): string => fileURLToPath(new URL(`../${relative}`, import.meta.url));

function readJson(relative: string): unknown {
  return JSON.parse(readFileSync(root(relative), 'utf8')) as unknown;
}

/** First valid and first invalid data of the schema's conformance cases. */
function sampleData(name: string): { valid: unknown; invalid: unknown } {
  const cases = readJson(`tests/conformance/cases/${name}.json`) as { data?: unknown; valid: boolean }[];
  const valid = cases.find((c) => c.valid && 'data' in c);
  const invalid = cases.find((c) => !c.valid && 'data' in c);
  if (!valid || !invalid) throw new Error(`tests/conformance/cases/${name}.json needs a valid and an invalid case`);
  return { valid: valid.data, invalid: invalid.data };
}

/** Validations per second of one round: run batches until ROUND_NS has passed. */
function measureRound(validate: ValidateFn, data: unknown): number {
  let iterations = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0n;
  while (elapsed < ROUND_NS) {
    for (let i = 0; i < BATCH; i += 1) validate(data);
    iterations += BATCH;
    elapsed = process.hrtime.bigint() - start;
  }
  return (iterations * 1e9) / Number(elapsed);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Warm both up, then alternate rounds (A B, B A, ...) so neither side always runs first or
 * on a colder JIT, and take each side's median round: other processes on the machine add
 * noise that a single long run would keep.
 */
function compare(a: ValidateFn, b: ValidateFn, data: unknown): [number, number] {
  for (let i = 0; i < WARM_UP_ITERATIONS; i += 1) {
    a(data);
    b(data);
  }
  const ratesA: number[] = [];
  const ratesB: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    if (round % 2 === 0) {
      ratesA.push(measureRound(a, data));
      ratesB.push(measureRound(b, data));
    } else {
      ratesB.push(measureRound(b, data));
      ratesA.push(measureRound(a, data));
    }
  }
  return [median(ratesA), median(ratesB)];
}

function formatRate(rate: number): string {
  return Math.round(rate).toLocaleString('en-US');
}

function pad(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  console.log(pad(header, widths));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(pad(row, widths));
}

async function main(): Promise<void> {
  const rateRows: string[][] = [];
  const sizeRows: string[][] = [];
  for (const name of BENCH_SCHEMAS) {
    const schema = readJson(`src/generated/schemas/${name}.json`) as { $id: string };
    const modulePath = root(`src/generated/validators/${name}.js`);
    const module = (await import(pathToFileURL(modulePath).href)) as Record<string, ValidateFn>;
    const precompiled = module[schema.$id];
    if (typeof precompiled !== 'function') throw new Error(`${modulePath} exports no validator for ${schema.$id}`);

    const compileStart = process.hrtime.bigint();
    const runtime = createRuntimeAjv().compile(schema) as ValidateFn;
    const compileMs = Number(process.hrtime.bigint() - compileStart) / 1e6;

    const data = sampleData(name);
    for (const [label, sample] of Object.entries(data)) {
      if (precompiled(sample) !== runtime(sample)) throw new Error(`${name}: precompiled and runtime disagree on the ${label} sample`);
      const [pre, run] = compare(precompiled, runtime, sample);
      rateRows.push([`${name} (${label} data)`, formatRate(pre), formatRate(run), `${(pre / run).toFixed(2)}x`, compileMs.toFixed(1)]);
    }

    const code = readFileSync(modulePath);
    sizeRows.push([
      `src/generated/validators/${name}.js`,
      code.length.toLocaleString('en-US'),
      gzipSync(code).length.toLocaleString('en-US'),
    ]);
  }

  console.log(`Node ${process.version}, validations per second, median of ${ROUNDS} alternating rounds (higher is better)\n`);
  printTable(['schema', 'precompiled/s', 'runtime ajv/s', 'ratio', 'ajv compile ms'], rateRows);
  console.log('');
  printTable(['precompiled module', 'bytes', 'gzip bytes'], sizeRows);
}

await main();
