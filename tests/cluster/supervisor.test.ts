/**
 * The supervisor of deploy/systemd: the units are valid systemd units (`systemd-analyze
 * verify`), an instance is restarted whatever ends it and its start waits for /readyz, and the
 * health check's own command, run against a real instance and against a dead port, restarts
 * only the dead one (`systemctl` is a stub on PATH that records what it was asked).
 * Skipped with a message where systemd-analyze or curl is missing; failed under CI=true.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/free-port.js';
import { ServerProcess } from '../reliability/support/server-process.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const units = path.join(repoRoot, 'deploy/systemd');
const available = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const missing = ['systemd-analyze', 'curl'].filter((command) => !available(command));
const suite = missing.length === 0 || process.env.CI === 'true' ? describe : describe.skip;
if (missing.length > 0) console.warn(`supervisor test SKIPPED, missing: ${missing.join(', ')}`);

/** The value of `key=` in a unit file (the first one). */
function setting(unit: string, key: string): string {
  const line = fs
    .readFileSync(path.join(units, unit), 'utf8')
    .split('\n')
    .find((each) => each.startsWith(`${key}=`));
  return line?.slice(key.length + 1) ?? '';
}

/** A unit's shell command for one instance, as systemd runs it (`%i` the port). */
function instanceCommand(unit: string, key: string, port: number): string {
  const command = setting(unit, key).replaceAll('%i', String(port));
  const match = /^\/bin\/sh -c '(.*)'$/.exec(command);
  if (!match) throw new Error(`${unit} ${key} is not a /bin/sh -c command`);
  return match[1]!;
}

suite('systemd units of deploy/systemd', () => {
  let work: string;
  let server: ServerProcess;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-supervisor-'));
    server = new ServerProcess(path.join(work, 'data'), await freePort());
    await server.start();
  });
  afterAll(async () => {
    await server?.kill('SIGTERM');
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('are valid units: restarted always, started once /readyz is 200, health-checked by a timer', () => {
    // systemd-analyze verifies instances of a template by their instance name
    const verifyDir = path.join(work, 'units');
    fs.mkdirSync(verifyDir);
    for (const [template, instance] of [
      ['summit@.service', 'summit@8081.service'],
      ['summit-health@.service', 'summit-health@8081.service'],
      ['summit-health@.timer', 'summit-health@8081.timer'],
    ] as const)
      fs.copyFileSync(path.join(units, template), path.join(verifyDir, instance));
    const verify = spawnSync(
      'systemd-analyze',
      ['verify', '--man=no', ...['summit@8081.service', 'summit-health@8081.service', 'summit-health@8081.timer'].map((u) => `./${u}`)],
      { cwd: verifyDir, encoding: 'utf8' },
    );
    // node may live elsewhere on this machine than on a server: only that finding is tolerated
    const findings = `${verify.stdout}${verify.stderr}`
      .split('\n')
      .filter((line) => line.trim() !== '' && !/Command \/usr\/bin\/node is not executable/.test(line));
    expect(findings).toEqual([]);
    expect(setting('summit@.service', 'Restart')).toBe('always');
    expect(setting('summit@.service', 'ExecStartPost')).toContain('/readyz');
    expect(setting('summit-health@.timer', 'BindsTo')).toBe('summit@%i.service');
    expect(setting('summit-health@.service', 'ExecStart')).toContain('/healthz');
  });

  it("starts count as done once the instance's /readyz answers, and the health check restarts a dead instance only", async () => {
    const port = server.baseUrl.split(':').pop()!;
    const ready = spawnSync('sh', ['-c', instanceCommand('summit@.service', 'ExecStartPost', Number(port))], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(ready.status).toBe(0);

    const stubDir = path.join(work, 'bin');
    fs.mkdirSync(stubDir, { recursive: true });
    const calls = path.join(work, 'systemctl-calls');
    fs.writeFileSync(path.join(stubDir, 'systemctl'), `#!/bin/sh\necho "$@" >> ${calls}\n`, { mode: 0o755 });
    const env = { ...process.env, PATH: `${stubDir}:${process.env.PATH ?? ''}` };
    const healthy = spawnSync('sh', ['-c', instanceCommand('summit-health@.service', 'ExecStart', Number(port))], {
      env,
      encoding: 'utf8',
    });
    const deadPort = await freePort();
    const begun = Date.now();
    const dead = spawnSync('sh', ['-c', instanceCommand('summit-health@.service', 'ExecStart', deadPort)], { env, encoding: 'utf8' });
    const restarts = fs.existsSync(calls) ? fs.readFileSync(calls, 'utf8').trim().split('\n') : [];
    console.log(`supervisor: health check of a dead instance decided in ${Date.now() - begun} ms: ${restarts.join('; ')}`);
    expect(healthy.status).toBe(0);
    expect(dead.stderr).toMatch(/restarting/);
    expect(restarts).toEqual([`restart summit@${deadPort}.service`]);
  });
});
