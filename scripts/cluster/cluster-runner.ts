/**
 * Several portal instances on PostgreSQL and Redis behind Debian's nginx, on this machine:
 * `npm run cluster` (a try-out) and `npm run test:cluster` both use it. Each instance has its
 * own DATA_DIR; UPLOAD_DIR and the secrets are shared, as issue 20 asks of a real deployment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/free-port.js';
import { NginxProxy } from './nginx-proxy.js';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export { NginxProxy, nginxAvailable, nginxBinary } from './nginx-proxy.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One portal process (node + tsx loader on src/server/main.ts). */
export class PortalInstance {
  private child: ChildProcess | null = null;
  private output = '';
  readonly baseUrl: string;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  get log(): string {
    return this.output;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts and waits until /readyz answers 200 (migrations, seeding and the sweep are done). */
  async start(timeoutMs = 120_000, echo = false): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'src/server/main.ts')], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString();
      if (echo) process.stdout.write(`[${this.name}] ${chunk.toString()}`);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited (${child.exitCode}):\n${this.output}`);
      try {
        if ((await fetch(`${this.baseUrl}/readyz`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(150);
    }
    throw new Error(`${this.name} not ready within ${timeoutMs} ms:\n${this.output}`);
  }

  /** Sends the signal and waits for the exit (SIGTERM: graceful; SIGKILL: the crash). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    const code = await exited;
    this.child = null;
    return code;
  }
}

export interface ClusterOptions {
  instances: number;
  /** where the instances' data folders, the shared uploads and nginx's files go */
  workDir: string;
  databaseUrl: string;
  databaseSchema?: string;
  redisUrl: string;
  /** nginx's port (0 = a free one) */
  port: number;
  /** extra environment for every instance */
  env?: Record<string, string>;
  /** extra environment for one instance (0-based), over `env` (a test's own route to the database) */
  instanceEnv?: (index: number) => Record<string, string>;
  /**
   * also start the codes instance: one more instance on the same database, loopback only, not
   * behind nginx and not trusting a proxy, with the dev outbox on (an instance behind the proxy
   * refuses DEV_OUTBOX). Image codes made there are honoured by every instance.
   */
  codes?: boolean;
  echo?: boolean;
}

export interface Cluster {
  instances: PortalInstance[];
  /** the codes instance (ClusterOptions.codes), null without it */
  codes: PortalInstance | null;
  nginx: NginxProxy;
  uploadDir: string;
  /**
   * The rolling-restart step for one instance: out of nginx's upstream, SIGTERM (drain, finish
   * requests in flight), start, wait for /readyz, back into the upstream. Resolves to the exit
   * code of the stop (0 for a clean one).
   */
  restart(instance: PortalInstance): Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Shared secrets, generated once into the work folder (every instance gets the same); a name
 * missing from an older file is added to it.
 */
function sharedSecrets(workDir: string): Record<string, string> {
  const file = path.join(workDir, 'shared-secrets.json');
  const secrets = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const wanted: Record<string, () => string> = {
    SESSION_SECRET: () => randomBytes(32).toString('base64url'),
    CODE_SECRET: () => randomBytes(32).toString('base64url'),
    // the keys of personal data at rest (encryption and blind index): 32 random bytes, base64
    DATA_KEY: () => randomBytes(32).toString('base64'),
    DATA_INDEX_KEY: () => randomBytes(32).toString('base64'),
  };
  for (const [name, make] of Object.entries(wanted)) secrets[name] ??= make();
  fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  fs.mkdirSync(options.workDir, { recursive: true });
  // started by root, nginx's workers run as nobody and write request bodies over 128 KB (an
  // upload) and large answers into temp folders under the work folder: it must let them pass
  // (execute only: they still cannot list it; a mkdtemp folder is 0700, and every upload
  // through nginx was a 500)
  if (process.getuid?.() === 0) fs.chmodSync(options.workDir, 0o711);
  const uploadDir = path.join(options.workDir, 'uploads');
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: options.databaseUrl,
    ...(options.databaseSchema ? { DATABASE_SCHEMA: options.databaseSchema } : {}),
    REDIS_URL: options.redisUrl,
    UPLOAD_DIR: uploadDir,
    // the per-edition data keys: one folder every instance shares, like the uploads
    EDITION_KEYS_DIR: path.join(options.workDir, 'edition-keys'),
    TRUST_PROXY: 'true',
    CLIENT_DIR: path.join(repoRoot, 'dist/client'),
    LOG_LEVEL: 'warn',
    ...sharedSecrets(options.workDir),
    ...options.env,
  };
  const instances: PortalInstance[] = [];
  for (let i = 0; i < options.instances; i += 1) {
    const dataDir = path.join(options.workDir, `instance-${i + 1}`);
    instances.push(new PortalInstance(`instance-${i + 1}`, await freePort(), { ...env, DATA_DIR: dataDir, ...options.instanceEnv?.(i) }));
  }
  const codes = options.codes
    ? new PortalInstance('codes', await freePort(), {
        ...env,
        TRUST_PROXY: 'false',
        DEV_OUTBOX: '1',
        DATA_DIR: path.join(options.workDir, 'codes'),
      })
    : null;
  const nginx = new NginxProxy(options.port || (await freePort()), path.join(options.workDir, 'nginx'));
  const stop = async () => {
    await nginx.stop();
    await Promise.all([...instances, ...(codes ? [codes] : [])].map((instance) => instance.stop('SIGTERM')));
  };
  try {
    // all at once: the start-up lock makes them migrate and seed one after the other
    await Promise.all([...instances, ...(codes ? [codes] : [])].map((instance) => instance.start(180_000, options.echo)));
    await nginx.start(
      instances.map((instance) => instance.port),
      env.CLIENT_DIR,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const restart = async (instance: PortalInstance) => {
    await nginx.setDown([instance.port]);
    const code = await instance.stop('SIGTERM');
    await instance.start(180_000, options.echo);
    await nginx.setDown([]);
    return code;
  };
  return { instances, codes, nginx, uploadDir, restart, stop };
}
