import { spawn } from 'node:child_process';
import { freePort } from '../../scripts/support/free-port.js';

/**
 * Milliseconds from spawning `args` (a node process) until `path` answers 200 on the port
 * given in PORT; the process is stopped afterwards.
 */
export async function timeToFirstAnswer(args: string[], env: Record<string, string>, path: string, timeoutMs = 120_000): Promise<number> {
  const port = await freePort();
  const begun = performance.now();
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  try {
    while (performance.now() - begun < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}): ${errors}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        if (response.status === 200) return performance.now() - begun;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no answer within ${timeoutMs} ms: ${errors}`);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
