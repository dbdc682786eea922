/**
 * npm run bench:day [-- --quick] [-- --skip-build] — a registration day's opening hour on one
 * instance: builds the portal (`npm run build`), seeds an edition through the services (unit
 * passwords at the default hash cost), starts `node dist/server/main.js` behind nginx
 * (deploy/nginx.conf), and replays the opening hour's mix (bench/day/session-mix.ts) at a rising
 * rate of guests per hour until a step breaks (bench/day/ramp.ts). Writes docs/CAPACITY.md
 * (bench/day/capacity-report.ts); `--quick` is a smoke test of the same pieces (a small seed, two
 * short steps) and prints the report instead. BENCH_OUTPUT writes it to another file.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { scrypt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { NginxProxy } from '../scripts/cluster/nginx-proxy.js';
import { freePort } from '../scripts/support/free-port.js';
import { builtServerArgs } from '../scripts/support/server-node-flags.js';
import { seedEdition } from './seed-edition.js';
import { uploadPortraits } from './day/portraits.js';
import { ServerObserver, loadAverage } from './day/observe.js';
import { Recorder } from './day/recorder.js';
import { brokenBecause, runStep, type StepPlan, type StepResult } from './day/ramp.js';
import { consoleList, organiserExport, publishNotice, signIn, unitVisit, type DayUnit, type MixContext } from './day/session-mix.js';
import { capacityReport, type DayRun } from './day/capacity-report.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
  },
});
const quick = values.quick;

/** The run's shape: the full ramp stays within about 20 minutes, seeding and building included. */
const SHAPE = quick
  ? { units: 4, guests: 40, rates: [600, 1_200], stepSeconds: 8, graceSeconds: 30, budgetSeconds: 180 }
  : {
      units: 20,
      guests: 1_000,
      // ×1.5 a step from 300 guests/h: the shared machine may leave the instance little CPU
      // and on to where a quiet 2-core machine breaks (25,949 held at 1 core, load 2-3)
      rates: [300, 450, 675, 1_013, 1_519, 2_278, 3_417, 5_126, 7_689, 11_533, 17_300, 25_949, 38_924, 58_386, 87_579],
      stepSeconds: 60,
      graceSeconds: 30,
      budgetSeconds: 19 * 60,
    };
const GUESTS_PER_VISIT = quick ? 2 : 4;

const log = (line: string) => process.stderr.write(`bench:day ${line}\n`);

/** CPU of one password hash at the server's cost, measured in this process (median of three). */
async function hashCpuMs(cost: { log2N: number; r: number; p: number }): Promise<number> {
  const N = 2 ** cost.log2N;
  const times: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const before = process.cpuUsage();
    await new Promise((resolve, reject) =>
      scrypt('bench', 'salt', 32, { N, r: cost.r, p: cost.p, maxmem: 128 * N * cost.r + 16 * 2 ** 20 }, (error) =>
        error ? reject(error) : resolve(null),
      ),
    );
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  return times.sort((a, b) => a - b)[1]!;
}

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, builtServerArgs(repoRoot), {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

async function waitReady(child: ChildProcess, url: string, errors: () => string): Promise<void> {
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${errors()}`);
    const ready = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    if (tries > 1500) throw new Error(`server did not answer: ${errors()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const started = performance.now();
  if (!values['skip-build']) {
    log('building (npm run build)...');
    execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'ignore' });
  }
  // nginx's workers (user nobody) read the spooled uploads: a folder under /tmp they can pass
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-day-'));
  fs.chmodSync(workDir, 0o755);
  const dataDir = path.join(workDir, 'data');
  fs.mkdirSync(dataDir);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(repoRoot, 'dist/client'),
    RATE_LIMITS: 'false',
    CAPTCHA_REQUIRED: 'false',
    DEV_OUTBOX: '1',
    LOG_LEVEL: 'silent',
  };
  let server: ChildProcess | null = null;
  let nginx: NginxProxy | null = null;
  try {
    log(`making the portraits (load ${loadAverage()})...`);
    const portraits = await uploadPortraits(workDir);
    log(`seeding ${SHAPE.units} units and ${SHAPE.guests} guests (passwords at the default hash cost)...`);
    const seeding = await buildApp(loadConfig(env), { logger: false });
    const cost = seeding.config.scrypt;
    let units: DayUnit[];
    try {
      // a small seed: every guest through the services, as the report says
      const seed = await seedEdition(seeding, SHAPE.guests, SHAPE.units, 0, { throughServices: true });
      units = seed.units.map((unit, index) => ({ account: unit.who.account, index }));
    } finally {
      await seeding.close();
    }
    const hashMs = await hashCpuMs(cost);
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s since the start`);

    const port = await freePort();
    let errors = '';
    // the product's log level (info): its access lines cost what they cost in production
    const { DEV_OUTBOX: _seedOnly, ...serverEnv } = env;
    server = startServer({ ...serverEnv, LOG_LEVEL: 'info', PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: 'true' });
    server.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    const direct = `http://127.0.0.1:${port}`;
    await waitReady(server, `${direct}/readyz`, () => errors);
    const observer = new ServerObserver(server.pid!, `${direct}/metrics`);
    const idleRss = Number(/^VmRSS:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    nginx = new NginxProxy(await freePort(), path.join(workDir, 'nginx'));
    await nginx.start([port], path.join(repoRoot, 'dist/client'));
    const base = nginx.baseUrl;

    let person = 5_000_000;
    const shared: Omit<MixContext, 'recorder' | 'base'> = { portraits, nextPerson: () => person++ };
    const setup: MixContext = { ...shared, base, recorder: new Recorder() };
    const organiser = await signIn(setup, 'organiser@demo.example.com');
    await publishNotice(setup, organiser);
    // a first visit loads the face workers' model and warms every route, the export's
    // workbook writer (loaded on first use) too; not counted
    await Promise.all([unitVisit(setup, units[0]!, 2), organiserExport(setup, organiser), consoleList(setup, organiser)]);
    if (setup.recorder.errors > 0) throw new Error(`the warm-up visit failed: ${setup.recorder.samples.join('; ')}`);

    const steps: StepResult[] = [];
    let firstUnit = 1;
    for (const rate of SHAPE.rates) {
      const elapsed = (performance.now() - started) / 1000;
      if (elapsed + SHAPE.stepSeconds + SHAPE.graceSeconds > SHAPE.budgetSeconds) {
        log(`stopping the ramp: the next step would pass the ${SHAPE.budgetSeconds / 60} min budget`);
        break;
      }
      const plan: StepPlan = {
        guestsPerHour: rate,
        seconds: SHAPE.stepSeconds,
        guestsPerVisit: GUESTS_PER_VISIT,
        consolePerGuest: 1 / 5,
        exportEverySeconds: 60,
        graceSeconds: SHAPE.graceSeconds,
      };
      log(`step ${rate} guests/h (load ${loadAverage()})...`);
      const step = await runStep(plan, base, units, organiser, shared, observer, firstUnit);
      firstUnit += step.visits;
      steps.push(step);
      const broken = brokenBecause(step);
      log(`  ${step.guestsRegistered} guests, ${step.errors} errors, ${step.observation.totalCores.toFixed(2)} cores: ${broken ?? 'held'}`);
      if (broken) break;
    }

    const run: DayRun = {
      startedAt,
      machine: `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB`,
      quick,
      seededGuests: SHAPE.guests,
      seededUnits: SHAPE.units,
      portraits: portraits.map((p) => p.source),
      portraitBytes: portraits.map((p) => p.jpeg.length),
      hash: { ...cost, cpuMs: hashMs },
      faceWorkers: os.availableParallelism(),
      serverIdleRssMb: idleRss,
      steps,
      totalSeconds: (performance.now() - started) / 1000,
    };
    await nginx.stop();
    nginx = null;
    await stop(server);
    server = null;
    run.totalSeconds = (performance.now() - started) / 1000;
    const report = capacityReport(run);
    const output = process.env.BENCH_OUTPUT || (quick ? null : 'docs/CAPACITY.md');
    if (output) {
      fs.writeFileSync(path.resolve(repoRoot, output), report);
      log(`${output} written`);
    } else console.log(report);
  } finally {
    await nginx?.stop();
    if (server) await stop(server);
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

await main();
