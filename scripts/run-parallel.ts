import { spawn } from 'node:child_process';

/**
 * Runs npm scripts side by side and reports each one's output whole, in the order given
 * (issue 21: type-check, lint and the codegen drift check used to run one after the other).
 * Exits non-zero when any of them fails.
 */
interface Outcome {
  script: string;
  code: number;
  output: string;
  seconds: number;
}

function runScript(script: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ script, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx scripts/run-parallel.ts <npm script> [<npm script> ...]');
  process.exit(2);
}
const outcomes = await Promise.all(scripts.map(runScript));
for (const outcome of outcomes) {
  const verdict = outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`;
  process.stdout.write(`\n> ${outcome.script}: ${verdict} in ${outcome.seconds.toFixed(1)} s\n${outcome.output}`);
}
process.exit(outcomes.some((outcome) => outcome.code !== 0) ? 1 : 0);
