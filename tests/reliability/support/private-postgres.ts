/**
 * A PostgreSQL server of the test's own, for faults the machine's shared server must not
 * suffer (a real `pg_ctl restart` under load): initdb into a temporary folder, started on a
 * free port with trust authentication on loopback. The server binaries come from Debian's
 * postgresql package (/usr/lib/postgresql/<version>/bin); PostgreSQL refuses to run as root,
 * so under root every command runs as the `postgres` system user.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/support/free-port.js';

/** The newest installed server's bin folder, or null when no PostgreSQL server is installed. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(root, versions[0]!, 'bin') : null;
}

const asRoot = process.getuid?.() === 0;

export class PrivatePostgres {
  readonly dir: string;
  private readonly dataDir: string;

  private constructor(
    private readonly bin: string,
    readonly port: number,
  ) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-private-pg-'));
    this.dataDir = path.join(this.dir, 'data');
    if (asRoot) execFileSync('chown', ['postgres:postgres', this.dir]);
  }

  static async create(bin: string): Promise<PrivatePostgres> {
    const server = new PrivatePostgres(bin, await freePort());
    server.run('initdb', ['-D', server.dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    await server.start();
    return server;
  }

  get url(): string {
    return this.urlOf('postgres');
  }

  /** The URL of another database of this server (made with `psql`). */
  urlOf(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Runs each statement on its own (CREATE DATABASE refuses a transaction block); the rows as text. */
  psql(statements: string[], database = 'postgres'): string {
    const commands = statements.flatMap((statement) => ['-c', statement]);
    return this.run('psql', [
      '-h',
      this.dir,
      '-p',
      String(this.port),
      '-U',
      'postgres',
      '-d',
      database,
      '-X',
      '-q',
      '-tA',
      '-v',
      'ON_ERROR_STOP=1',
      ...commands,
    ]);
  }

  /**
   * A tablespace in `location`, an empty folder the test made (on a file system of its own, say):
   * handed to the `postgres` user first under root, as PostgreSQL wants to own it.
   */
  createTablespace(name: string, location: string): void {
    if (asRoot) execFileSync('chown', ['postgres:postgres', location]);
    this.psql([`create tablespace ${name} location '${location}'`]);
  }

  private run(command: string, args: string[]): string {
    const file = path.join(this.bin, command);
    const [program, programArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    return execFileSync(program, programArgs, { cwd: this.dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }

  private options(): string {
    return `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  }

  async start(): Promise<void> {
    this.run('pg_ctl', ['-D', this.dataDir, '-l', path.join(this.dir, 'server.log'), '-o', this.options(), '-w', 'start']);
  }

  /**
   * What an operator does: a fast restart, every client connection ended (57P01), the server
   * back when this resolves. Asynchronous, so the test's own writers keep running meanwhile.
   */
  async restart(): Promise<void> {
    const file = path.join(this.bin, 'pg_ctl');
    const args = ['-D', this.dataDir, '-l', path.join(this.dir, 'server.log'), '-o', this.options(), '-m', 'fast', '-w', 'restart'];
    const [program, programArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    await promisify(execFile)(program, programArgs, { cwd: this.dir });
  }

  stop(): void {
    try {
      this.run('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
  }

  dispose(): void {
    this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
