/**
 * One ramp step: the opening hour's mix replayed at a fixed rate of guests per hour for a few
 * seconds, open loop (visits start on schedule whether or not earlier ones finished, as people
 * arrive), then the visits still running are given a grace period to end.
 */
import { consoleList, FLOWS, organiserExport, unitVisit, type DayUnit, type MixContext } from './session-mix.js';
import { Recorder, type FlowFigures } from './recorder.js';
import type { ServerObserver, StepObservation } from './observe.js';

export interface StepPlan {
  guestsPerHour: number;
  seconds: number;
  guestsPerVisit: number;
  /** console list pages per guest registered */
  consolePerGuest: number;
  /** seconds between organiser exports */
  exportEverySeconds: number;
  /** how long visits still running at the step's end may take to finish */
  graceSeconds: number;
}

export interface StepResult {
  plan: StepPlan;
  visits: number;
  visitsUnfinished: number;
  guestsRegistered: number;
  /** guests registered by the visits the step started, per hour of the step */
  registeredPerHour: number;
  flows: FlowFigures[];
  errors: number;
  errorSamples: string[];
  exports: { count: number; bytes: number };
  observation: StepObservation;
}

/**
 * p99 bounds per flow, ms: what a person waits for before calling the portal broken. A sign-in
 * may take the hash queue's admission bound plus its own hash (password-hash.ts keeps it under
 * 10 s); a photo upload carries 250 KB and its face check; an export must end before the next.
 */
export const P99_BOUND_MS: Record<string, number> = { 'sign-in': 10_000, 'photo upload': 5_000, 'organiser export': 60_000 };
export const DEFAULT_P99_BOUND_MS = 2_000;
export const boundOf = (flow: string) => P99_BOUND_MS[flow] ?? DEFAULT_P99_BOUND_MS;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runStep(
  plan: StepPlan,
  base: string,
  units: DayUnit[],
  organiserToken: string,
  context: Omit<MixContext, 'recorder' | 'base'>,
  observer: ServerObserver,
  firstUnit: number,
): Promise<StepResult> {
  const recorder = new Recorder();
  const mix: MixContext = { ...context, base, recorder };
  const visitEveryMs = (plan.guestsPerVisit * 3_600_000) / plan.guestsPerHour;
  const consoleEveryMs = (3_600_000 / plan.guestsPerHour) * (1 / plan.consolePerGuest);
  const { result, observation } = await observer.during(async () => {
    const visits: Promise<number>[] = [];
    // counted as visits end: a step whose last visits outlive the grace still counts the rest
    let registered = 0;
    const others: Promise<unknown>[] = [];
    let exportsDone = 0;
    let exportBytes = 0;
    const started = performance.now();
    const end = started + plan.seconds * 1000;
    let nextVisit = started;
    let nextConsole = started + consoleEveryMs / 2;
    // the first export a few seconds in, the next one a minute later
    let nextExport = started + Math.min(5_000, (plan.seconds * 1000) / 4);
    let unit = firstUnit;
    while (performance.now() < end) {
      const now = performance.now();
      while (nextVisit <= now && nextVisit < end) {
        visits.push(
          unitVisit(mix, units[unit++ % units.length]!, plan.guestsPerVisit).then((count) => {
            registered += count;
            return count;
          }),
        );
        nextVisit += visitEveryMs;
      }
      while (nextConsole <= now && nextConsole < end) {
        others.push(consoleList(mix, organiserToken));
        nextConsole += consoleEveryMs;
      }
      if (nextExport <= now && nextExport < end) {
        others.push(
          organiserExport(mix, organiserToken).then((bytes) => {
            if (bytes > 0) exportsDone += 1;
            exportBytes = Math.max(exportBytes, bytes);
          }),
        );
        nextExport += plan.exportEverySeconds * 1000;
      }
      await sleep(Math.max(1, Math.min(nextVisit, nextConsole, nextExport, end) - performance.now()));
    }
    // the visits started in the step may finish within the grace period
    let finished = 0;
    for (const visit of visits) void visit.then(() => (finished += 1));
    const settled = Promise.all(visits);
    const counts = await Promise.race([settled, sleep(plan.graceSeconds * 1000).then(() => null)]);
    await Promise.race([Promise.all(others), sleep(plan.graceSeconds * 1000)]);
    return {
      visits: visits.length,
      unfinished: counts === null ? visits.length - finished : 0,
      registered,
      exports: { count: exportsDone, bytes: exportBytes },
      leftover: counts === null ? settled : null,
    };
  });
  // visits still running past the grace period must not spill into the next step's figures
  if (result.leftover) await result.leftover;
  return {
    plan,
    visits: result.visits,
    visitsUnfinished: result.unfinished,
    guestsRegistered: result.registered,
    registeredPerHour: (result.registered / plan.seconds) * 3600,
    flows: recorder.figures(FLOWS),
    errors: recorder.errors,
    errorSamples: recorder.samples,
    exports: result.exports,
    observation,
  };
}

/** Why a step broke, or null when it held: errors, unfinished visits, a p99 over its bound. */
export function brokenBecause(step: StepResult): string | null {
  if (step.errors > 0) return `${step.errors} errors (${step.errorSamples[0] ?? ''})`;
  if (step.visitsUnfinished > 0) return `${step.visitsUnfinished} visits not finished ${step.plan.graceSeconds} s after the step`;
  const over = step.flows.find((flow) => flow.p99 > boundOf(flow.flow));
  if (over) return `${over.flow} p99 ${over.p99.toFixed(0)} ms over its ${boundOf(over.flow)} ms bound`;
  return null;
}
