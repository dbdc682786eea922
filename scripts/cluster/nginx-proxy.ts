/**
 * Debian's nginx in front of the cluster of scripts/cluster/cluster-runner.ts: deploy/nginx.conf
 * rendered for the instances' ports, run in the foreground under its own prefix, reloaded to
 * take an instance out of the upstream and put it back.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Debian's nginx with deploy/nginx.conf rendered for these instances. */
export class NginxProxy {
  private child: ChildProcess | null = null;
  private output = '';
  readonly baseUrl: string;

  constructor(
    readonly port: number,
    private readonly prefix: string,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  /** The access log deploy/nginx.conf writes (no query strings), under this prefix. */
  get accessLogPath(): string {
    return path.join(this.prefix, 'logs', 'summit-access.log');
  }

  get log(): string {
    return this.output;
  }

  /** deploy/nginx.conf with these instances; those in `down` get no new requests. */
  static render(upstreamPorts: number[], listenPort: number, clientDir: string, down: number[] = []): string {
    const site = fs.readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8');
    const servers = upstreamPorts
      .map((port) => `    server 127.0.0.1:${port} max_fails=2 fail_timeout=10s${down.includes(port) ? ' down' : ''};`)
      .join('\n');
    return (
      site
        .replace(/^ {4}server 127\.0\.0\.1:808\d.*\n/gm, '')
        .replace('upstream summit_portal {\n', `upstream summit_portal {\n${servers}\n`)
        .replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`)
        .replace('root /srv/summit/dist/client;', `root ${clientDir};`)
        // relative to the prefix: logs/summit-access.log beside nginx's own
        .replace('access_log /var/log/nginx/summit-access.log', 'access_log logs/summit-access.log')
    );
  }

  private upstreamPorts: number[] = [];
  private clientDir = '';

  private writeSite(down: number[]): string {
    fs.writeFileSync(path.join(this.prefix, 'summit-site.conf'), NginxProxy.render(this.upstreamPorts, this.port, this.clientDir, down));
    const conf = path.join(this.prefix, 'nginx.conf');
    const test = spawnSync(nginxBinary(), ['-t', '-q', '-p', this.prefix, '-c', conf], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
    return conf;
  }

  /**
   * Takes instances out of the upstream (`down`) or puts them back, as an operator does before
   * and after restarting one: rewrite, `nginx -s reload` (SIGHUP), and wait until the workers of
   * the old configuration have finished their requests and exited. From then on no request
   * reaches an instance marked down, so its SIGTERM closes a port nobody is connecting to.
   */
  async setDown(down: number[], timeoutMs = 15_000): Promise<void> {
    const master = this.child?.pid;
    if (!master) throw new Error('nginx is not running');
    this.writeSite(down);
    const oldWorkers = childPids(master);
    process.kill(master, 'SIGHUP');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const workers = childPids(master);
      if (workers.length > 0 && workers.every((pid) => !oldWorkers.includes(pid))) return;
      if (Date.now() > deadline) throw new Error(`nginx reload not done within ${timeoutMs} ms:\n${this.output}`);
      await sleep(50);
    }
  }

  async start(upstreamPorts: number[], clientDir: string): Promise<void> {
    fs.mkdirSync(path.join(this.prefix, 'logs'), { recursive: true });
    if (process.getuid?.() === 0) assertOthersCanReach(this.prefix);
    for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      fs.mkdirSync(path.join(this.prefix, temp), { recursive: true, mode: 0o777 });
      fs.chmodSync(path.join(this.prefix, temp), 0o777);
    }
    this.upstreamPorts = upstreamPorts;
    this.clientDir = clientDir;
    // a minimal main file around the site file; temp folders inside the prefix (workers run as
    // nobody when started by root, hence the open modes above)
    fs.writeFileSync(
      path.join(this.prefix, 'nginx.conf'),
      [
        'worker_processes 1;',
        `pid ${path.join(this.prefix, 'nginx.pid')};`,
        'error_log stderr warn;',
        'events { worker_connections 1024; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  default_type application/octet-stream;',
        '  access_log off;',
        `  client_body_temp_path ${path.join(this.prefix, 'client_body')};`,
        `  proxy_temp_path ${path.join(this.prefix, 'proxy')};`,
        `  fastcgi_temp_path ${path.join(this.prefix, 'fastcgi')};`,
        `  uwsgi_temp_path ${path.join(this.prefix, 'uwsgi')};`,
        `  scgi_temp_path ${path.join(this.prefix, 'scgi')};`,
        `  include ${path.join(this.prefix, 'summit-site.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    const conf = this.writeSite([]);
    const child = spawn(nginxBinary(), ['-p', this.prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${this.output}`);
      try {
        if ((await fetch(`${this.baseUrl}/healthz`)).status === 200) return;
      } catch {
        // not yet
      }
      await sleep(100);
    }
    throw new Error(`nginx did not answer:\n${this.output}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGQUIT');
    await exited;
    this.child = null;
  }
}

/**
 * Started by root, nginx's workers run as nobody: every folder above its temp folders must let
 * others pass, or each proxied upload (spooled there) is a 500. Says so instead.
 */
function assertOthersCanReach(folder: string): void {
  for (let dir = path.dirname(path.resolve(folder)); ; dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0)
      throw new Error(`nginx's workers (user nobody) cannot pass ${dir}: chmod o+x it, or use a work folder elsewhere`);
    if (dir === path.dirname(dir)) return;
  }
}

/** The processes whose parent is `parent` (nginx's workers), from /proc (Linux). */
function childPids(parent: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) children.push(Number(entry));
    } catch {
      // exited while listing
    }
  }
  return children;
}

export function nginxBinary(): string {
  return process.env.NGINX_PATH || (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');
}

export function nginxAvailable(): boolean {
  return spawnSync(nginxBinary(), ['-v'], { encoding: 'utf8' }).status === 0;
}
