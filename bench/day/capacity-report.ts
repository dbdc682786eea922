/**
 * docs/CAPACITY.md from a registration-day run: the ramp, the highest rate held, what saturated
 * first, and the sizing of a 100,000-guest first day, each figure beside the load average.
 */
import { boundOf, brokenBecause, DEFAULT_P99_BOUND_MS, P99_BOUND_MS, type StepResult } from './ramp.js';
import { THREAD_GROUPS } from './observe.js';
import { GUEST_FLOWS } from './session-mix.js';

export interface DayRun {
  startedAt: Date;
  machine: string;
  quick: boolean;
  seededGuests: number;
  seededUnits: number;
  portraits: string[];
  portraitBytes: number[];
  hash: { log2N: number; r: number; p: number; cpuMs: number };
  faceWorkers: number;
  serverIdleRssMb: number;
  steps: StepResult[];
  totalSeconds: number;
}

/** First day: 100,000 guests; its busiest hour carries this many times the hourly average of ten working hours. */
export const FIRST_DAY_GUESTS = 100_000;
const WORKING_HOURS = 10;
const PEAK_FACTOR = 3;
export const PEAK_GUESTS_PER_HOUR = (FIRST_DAY_GUESTS / WORKING_HOURS) * PEAK_FACTOR;
/** CPU use an instance is planned at, leaving room for bursts, a restart and the machine's neighbours */
const PLANNED_USE = 0.6;
const CORES_PER_INSTANCE = 2;

const f0 = (n: number) => n.toFixed(0);
const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
const instances = (n: number) => `${n} instance${n === 1 ? '' : 's'}`;
const table = (header: string[], rows: string[][]) =>
  [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

/** Server CPU seconds spent per guest registered (with the mix around it) in a step. */
export const cpuPerGuest = (step: StepResult) =>
  step.guestsRegistered > 0 ? (step.observation.totalCores * step.observation.seconds) / step.guestsRegistered : 0;

function saturation(step: StepResult, run: DayRun): string[] {
  const o = step.observation;
  const signIns = step.flows.find((flow) => flow.flow === 'sign-in')?.count ?? 0;
  const hashCores = (signIns * run.hash.cpuMs) / 1000 / o.seconds;
  const ranked = [...THREAD_GROUPS].sort((a, b) => o.cores[b] - o.cores[a]);
  const q = (label: string) => o.queues[label]?.max ?? 0;
  const lines = [
    `At ${f0(step.plan.guestsPerHour)} guests/h (load average ${o.loadBefore} → ${o.loadAfter}) the instance used **${f2(o.totalCores)} cores** of the machine's 2: ` +
      ranked.map((group) => `${group} ${f2(o.cores[group])}`).join(', ') +
      `. Of the libuv pool's share, the sign-ins' scrypt is about ${f2(hashCores)} cores (${signIns} sign-ins × ${f0(run.hash.cpuMs)} ms of CPU each, measured in this run).`,
    `Queues (highest of the 1 s /metrics samples): hash queue ${q('hash queue (waiting)')} waiting (${q('hashes running')} running), face detections ${q('face detections waiting')} waiting (${q('face detections running')} of ${run.faceWorkers} workers busy), uploads in flight ${q('uploads in flight')}, event-loop lag p99 up to ${f0(q('event-loop lag p99 (ms)'))} ms.`,
  ];
  return lines;
}

export function capacityReport(run: DayRun): string {
  const held = run.steps.filter((step) => brokenBecause(step) === null);
  const best = held.at(-1) ?? null;
  const broke = run.steps.find((step) => brokenBecause(step) !== null) ?? null;
  const flowsOf = (step: StepResult) =>
    step.flows.map((flow) => [flow.flow, String(flow.count), f0(flow.p50), f0(flow.p99), f0(boundOf(flow.flow)), String(flow.errors)]);
  const lines: string[] = [
    '# Capacity plan: a registration day on one instance',
    '',
    `Written by \`npm run bench:day${run.quick ? ' -- --quick' : ''}\` on ${run.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC (${f0(run.totalSeconds / 60)} min): ${run.machine}.`,
    '',
    '**The machine is shared**: other work may run on these 2 cores during the run, so the instance gets a varying share of them. Every figure stands beside the load average (1 / 5 / 15 min) of its step; read the rates as lower bounds of what a dedicated 2-core instance does, and the CPU per guest as the figure to plan with.',
    '',
    '## How it was measured',
    '',
    `- One instance, \`node dist/server/main.js\` (built by \`npm run build\`), on SQLite, behind Debian's nginx with \`deploy/nginx.conf\` (rendered by scripts/cluster/nginx-proxy.ts). FACE_WORKERS ${run.faceWorkers} (the default: the cores), HASH_CONCURRENCY 2 (the default), log level info. Rate limits and the image code are off: every request comes from one address. The load generator (this process) runs on the same 2 cores.`,
    `- The edition is seeded first through the services: ${run.seededUnits} units (their passwords hashed at the default cost, scrypt N=2^${run.hash.log2N}, r ${run.hash.r}, p ${run.hash.p}: ${f0(run.hash.cpuMs)} ms of CPU per hash here) and ${run.seededGuests} guests.`,
    `- The mix, replayed open loop (visits start on schedule whether or not earlier ones finished): a unit's visit signs in with its password, reads and saves its unit information, reads its notices (the unread count, a page, one marked read), then registers 4 guests one after the other: photo upload (a real 900×1200 portrait at 300 dpi, one of ${run.portraits.length} made from the passing pictures of the face verdict set: ${run.portraits.join(', ')}; ${run.portraitBytes.map((b) => f0(b / 1024)).join(', ')} KB; each checked against the photo rule before the run), guest added with it, itinerary saved, attendance intention saved, then the unit's guest list and the guest's record read. Organisers page the console's guest list once per 5 guests and export the whole guest workbook once a minute.`,
    `- A guest is **fully registered** when its ${GUEST_FLOWS.join(', ')} all answered 2xx.`,
    `- The ramp: ${run.steps[0]?.plan.seconds ?? 0} s per step, the rate ×1.5 each step, until a step breaks: any error (a non-2xx answer or a network error, 429 included), a visit not finished ${run.steps[0]?.plan.graceSeconds ?? 0} s after its step, or a flow's p99 over its bound (${DEFAULT_P99_BOUND_MS / 1000} s; ${Object.entries(
      P99_BOUND_MS,
    )
      .map(([flow, ms]) => `${flow} ${ms / 1000} s`)
      .join(', ')}). Server CPU by thread from /proc/<pid>/task, queues from its /metrics once a second.`,
    '',
    '## The ramp',
    '',
    table(
      [
        'guests/h offered',
        'visits',
        'guests registered',
        'errors',
        'server cores',
        'server CPU s per guest',
        'peak RSS MB',
        'load average before → after',
        'verdict',
      ],
      run.steps.map((step) => [
        f0(step.plan.guestsPerHour),
        String(step.visits),
        String(step.guestsRegistered),
        String(step.errors),
        f2(step.observation.totalCores),
        f2(cpuPerGuest(step)),
        f0(step.observation.peakRssMb),
        `${step.observation.loadBefore} → ${step.observation.loadAfter}`,
        brokenBecause(step) ?? 'held',
      ]),
    ),
    '',
  ];
  if (best) {
    lines.push(
      `## Highest steady rate: **${f0(best.plan.guestsPerHour)} guests fully registered per hour**, 0 errors`,
      '',
      `_Load average ${best.observation.loadBefore} before the step, ${best.observation.loadAfter} after; ${best.guestsRegistered} guests in ${best.plan.seconds} s; ${best.exports.count} export(s) of ${f1(best.exports.bytes / 1024 / 1024)} MB._`,
      '',
      table(['flow', 'calls', 'p50 ms', 'p99 ms', 'p99 bound ms', 'errors'], flowsOf(best)),
      '',
      ...saturation(best, run),
      '',
    );
  } else {
    lines.push('## Highest steady rate: **none held** (the first step already broke)', '');
  }
  if (broke) {
    lines.push(
      `## What saturates first`,
      '',
      `The step at ${f0(broke.plan.guestsPerHour)} guests/h broke: ${brokenBecause(broke)}.`,
      '',
      table(['flow', 'calls', 'p50 ms', 'p99 ms', 'p99 bound ms', 'errors'], flowsOf(broke)),
      '',
      ...saturation(broke, run),
      '',
    );
    if (broke.errorSamples.length > 0)
      lines.push('First failures, word for word:', '', ...broke.errorSamples.map((s) => `- \`${s.replace(/`/g, "'").slice(0, 220)}\``), '');
  } else {
    lines.push('## What saturates first', '', 'No step broke within the ramp: the highest rate tried held.', '');
  }
  // with no step held, the CPU a guest cost is still measured: the step that registered the most
  const costed = best ?? [...run.steps].sort((a, b) => b.guestsRegistered - a.guestsRegistered)[0] ?? null;
  lines.push(...sizing(costed !== null && costed.guestsRegistered > 0 ? costed : null, run, best !== null));
  return lines.join('\n') + '\n';
}

function sizing(best: StepResult | null, run: DayRun, held: boolean): string[] {
  const head = [
    `## Sizing a first day of ${FIRST_DAY_GUESTS.toLocaleString('en')} guests`,
    '',
    `Assumption (change it and redo the arithmetic): the first day's ${FIRST_DAY_GUESTS.toLocaleString('en')} guests come over ${WORKING_HOURS} working hours (China time), the busiest hour at ${PEAK_FACTOR}× their average: **${PEAK_GUESTS_PER_HOUR.toLocaleString('en')} guests/h (${f1(PEAK_GUESTS_PER_HOUR / 3600)}/s)**, each with the mix above around it (a sign-in and unit pages per 4 guests, lists, exports).`,
    '',
  ];
  if (!best) return [...head, 'No guest was registered, so this run sizes nothing.'];
  const perGuest = cpuPerGuest(best);
  const cores = ((PEAK_GUESTS_PER_HOUR / 3600) * perGuest) / PLANNED_USE;
  const byCpu = Math.ceil(cores / CORES_PER_INSTANCE);
  const byRate = Math.ceil(PEAK_GUESTS_PER_HOUR / best.plan.guestsPerHour);
  return [
    ...head,
    `- **By CPU** (the figure to plan with): at ${held ? 'the highest rate held' : `${f0(best.plan.guestsPerHour)} guests/h (no step held: the step that registered the most guests)`} the instance spent ${f2(perGuest)} s of CPU per guest registered (load average ${best.observation.loadBefore}). The peak hour needs ${f1(PEAK_GUESTS_PER_HOUR / 3600)} × ${f2(perGuest)} = ${f1((PEAK_GUESTS_PER_HOUR / 3600) * perGuest)} cores of work; planned at ${PLANNED_USE * 100} % use, **${f1(cores)} cores: ${instances(byCpu)} of ${CORES_PER_INSTANCE} cores** (${byCpu * CORES_PER_INSTANCE} cores).`,
    held
      ? `- **By the rate held on this shared machine** (a pessimistic bound: the instance had a fraction of 2 cores at load ${best.observation.loadBefore}): ${PEAK_GUESTS_PER_HOUR.toLocaleString('en')} / ${f0(best.plan.guestsPerHour)} → **${instances(byRate)}** of 2 cores.`
      : `- **By the rate held**: none held on this machine at its load, so no instance count comes from a rate; the CPU figure above stands alone. It assumes the instance gets its cores: measured at load ${best.observation.loadBefore}, where the instance had ${f2(best.observation.totalCores)} cores, CPU per guest includes the cost of being descheduled (cache misses), so it errs high.`,
    `- Several instances need PostgreSQL, Redis and a shared UPLOAD_DIR (README, "Several instances"): this run measured SQLite on one instance. A whole day at the average (${f0(FIRST_DAY_GUESTS / 24).toString()} guests/h over 24 h) is a fraction of the peak hour.`,
    `- Memory: one instance peaked at ${f0(Math.max(...run.steps.map((step) => step.observation.peakRssMb)))} MB RSS under the mix (idle ${f0(run.serverIdleRssMb)} MB), face workers included; 2 GB per instance leaves room for several exports at once.`,
  ];
}
