import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/support/free-port.js';
import { builtServerArgs } from '../../scripts/support/server-node-flags.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Resident memory of a process in bytes, from /proc (Linux); `field` VmRSS now, VmHWM its peak. */
function residentBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  return kB ? Number(kB) * 1024 : 0;
}

export interface ServedDownload {
  seconds: number;
  bytes: number;
  /** resident memory of the server just before the download */
  idle: number;
  /** its highest resident memory during the download, sampled every 20 ms */
  peak: number;
}

/**
 * Starts the production server (`node dist/server/main.js`, as `npm start` runs it: the caller
 * builds it first) on the given environment, downloads `url` (GET, bearer `token`) over
 * loopback and samples the server's resident memory from outside, through /proc.
 */
export async function servedDownload(env: Record<string, string>, url: string, token: string): Promise<ServedDownload> {
  const port = await freePort();
  const child = spawn(process.execPath, builtServerArgs(repoRoot), {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  try {
    for (let tries = 0; ; tries++) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${errors}`);
      const ready = await fetch(`http://127.0.0.1:${port}/exhibition/qms/edition/current`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (tries > 3000) throw new Error(`server did not answer: ${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const pid = child.pid!;
    const idle = residentBytes(pid, 'VmRSS');
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid, 'VmRSS'));
    }, 20);
    const started = performance.now();
    try {
      const response = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { authorization: `Bearer ${token}` } });
      if (response.status !== 200 || !response.body) throw new Error(`${url} answered ${response.status}`);
      let bytes = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
      const seconds = (performance.now() - started) / 1000;
      peak = Math.max(peak, residentBytes(pid, 'VmRSS'));
      return { seconds, bytes, idle, peak };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
