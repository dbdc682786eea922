/**
 * npm run bench [-- section ...] — runs every module in bench/sections/*.ts (each
 * default-exports { title, run(): Promise<string> } returning a markdown section with its
 * figures beside their baselines from the same run) and writes docs/BENCHMARKS.md with the
 * machine and the load average before each section. Naming sections runs only those (file
 * names without .ts) and prints the result instead of writing the file.
 * BENCH_GUESTS: guest counts of the seeded databases (default 10000; e.g. 10000,100000);
 * BENCH_OUTPUT: another file than docs/BENCHMARKS.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { disposeBenchDatabases, kinds, SIZES } from './fixture.js';

interface Section {
  title: string;
  run(): Promise<string>;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const sectionsDir = path.join(root, 'bench', 'sections');
/** The database sections first, in the issue's order; any other section (wire, typing...) after, by name. */
const FIRST = ['saves', 'console', 'export', 'login-info', 'locks'];
const order = (name: string) => (FIRST.includes(name) ? FIRST.indexOf(name) : FIRST.length);

const wanted = process.argv.slice(2);
const names = fs
  .readdirSync(sectionsDir)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -3))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort((a, b) => order(a) - order(b) || a.localeCompare(b));

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
const parts: string[] = [
  '# Benchmarks',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB; databases ${(await kinds()).join(' and ')}; ${SIZES.join(' and ')} guests, ${50} per unit, seeded as the services write them (\`npm run bench:seed\`).`,
  'Every figure stands beside its baseline measured in the same run; the machine is shared, so read the ratios. Load average (1 / 5 / 15 min) before each section.',
  '',
];
try {
  for (const name of names) {
    const section = (await import(pathToFileURL(path.join(sectionsDir, `${name}.ts`)).href)).default as Section;
    process.stderr.write(`bench: ${section.title}\n`);
    const before = load();
    const started = Date.now();
    let body: string;
    try {
      body = await section.run();
    } catch (error) {
      body = `**Failed:** ${error instanceof Error ? error.message : String(error)}`;
      console.error(error);
    }
    parts.push(
      `## ${section.title}`,
      '',
      `_Load average before: ${before}; section took ${((Date.now() - started) / 1000).toFixed(0)} s._`,
      '',
      body,
      '',
    );
  }
} finally {
  await disposeBenchDatabases();
}
const markdown = parts.join('\n');
if (wanted.length > 0) console.log(markdown);
else {
  const output = process.env.BENCH_OUTPUT || 'docs/BENCHMARKS.md';
  fs.writeFileSync(path.resolve(root, output), markdown);
  console.log(`${output} written (${names.length} sections)`);
}
