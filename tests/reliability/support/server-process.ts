/**
 * The real server as a child process (node + tsx loader running src/server/main.ts, one
 * process, so SIGKILL hits the server itself and not a wrapper), on a loopback port and a
 * data folder that outlive it: killed and started again on the same files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export class ServerProcess {
  private child: ChildProcess | null = null;
  private output = '';
  readonly baseUrl: string;
  /** how long each start took until the first answer, ms */
  readonly starts: number[] = [];

  constructor(
    readonly dataDir: string,
    readonly port: number,
    /** more environment: DATABASE_URL and DATABASE_SCHEMA for a PostgreSQL run */
    private readonly extraEnv: Record<string, string> = {},
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  /** Starts the server and waits until it answers (the start includes migrations and sweeps). */
  async start(timeoutMs = 90_000): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'src/server/main.ts')], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        DATA_DIR: this.dataDir,
        CLIENT_DIR: path.join(this.dataDir, 'no-client'),
        PORT: String(this.port),
        HOST: '127.0.0.1',
        RATE_LIMITS: 'false',
        CAPTCHA_REQUIRED: 'false',
        SEED_DEMO_DATA: 'true',
        DEV_OUTBOX: '1',
        SCRYPT_LOG2N: '10',
        LOG_LEVEL: 'warn',
        SESSION_SECRET: 'reliability-session-secret-reliability',
        CODE_SECRET: 'reliability-code-secret-reliability-xx',
        DATA_KEY: 'cmVsaWFiaWxpdHktZGF0YS1rZXktMzItYnl0ZXMteHg=',
        DATA_INDEX_KEY: 'cmVsaWFiaWxpdHktaW5kZXgta2V5LTMyLWJ5dGVzLXg=',
        ...this.extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const begun = Date.now();
    const deadline = begun + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${this.output}`);
      try {
        const response = await fetch(`${this.baseUrl}/exhibition/qms/edition/current`);
        if (response.status === 200) {
          this.starts.push(Date.now() - begun);
          return;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`server did not answer within ${timeoutMs} ms:\n${this.output}`);
  }

  /** The crash: no shutdown hook runs. Resolves once the process is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
    this.child = null;
  }

  get log(): string {
    return this.output;
  }
}
