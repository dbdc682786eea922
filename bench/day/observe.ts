/**
 * What the server does under the mix, read from outside: its /metrics queues once a second, and
 * its CPU by thread from /proc. Node 20 leaves its threads unnamed ("node"), so they are told
 * apart by when they appeared: the main thread (the event loop: routes, validation, sealing,
 * SQLite); the threads present once the server answered (V8's helpers and libuv's pool: scrypt
 * hashes, sharp's pipeline, file I/O; the hasher calibrates at start, so the pool exists by
 * then); "node" threads born later are the face-detection workers, started on first use; sharp's
 * decoding and encoding run on threads libvips names "libvips worker".
 */
import fs from 'node:fs';
import os from 'node:os';

export type ThreadGroup = 'event loop' | 'libuv pool and V8 helpers' | 'face workers' | 'libvips (sharp)';
export const THREAD_GROUPS: readonly ThreadGroup[] = ['event loop', 'libuv pool and V8 helpers', 'face workers', 'libvips (sharp)'];

const TICKS = 100; // USER_HZ on Linux

function threadTicks(pid: number): Map<number, { comm: string; ticks: number }> {
  const threads = new Map<number, { comm: string; ticks: number }>();
  let tids: string[] = [];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // the name is in parentheses and may hold spaces: fields are counted after its closing one
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat
        .slice(close + 2)
        .split(' ')
        .map(Number);
      threads.set(Number(tid), { comm, ticks: fields[11]! + fields[12]! });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return threads;
}

export interface QueueFigures {
  /** largest value seen in the step */
  max: number;
  mean: number;
}

export interface StepObservation {
  seconds: number;
  /** CPU of the server process over the step, in cores (1 = one core busy all the step) */
  cores: Record<ThreadGroup, number>;
  totalCores: number;
  queues: Record<string, QueueFigures>;
  /** resident memory at its highest, MB */
  peakRssMb: number;
  /** load average at the step's start and end (1 / 5 / 15 min) */
  loadBefore: string;
  loadAfter: string;
}

/** The /metrics series the report reads, by their Prometheus names. */
export const QUEUE_SERIES: Record<string, string> = {
  'hash queue (waiting)': 'password_hash_queue_depth',
  'hashes running': 'password_hash_running',
  'face detections waiting': 'face_detections_waiting',
  'face detections running': 'face_detections_running',
  'uploads in flight': 'uploads_in_flight',
  'event-loop lag p99 (ms)': 'nodejs_eventloop_lag_p99_seconds',
};

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

function gauge(text: string, name: string): number | null {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+-]+)$`, 'm').exec(text);
  return match ? Number(match[1]) : null;
}

export class ServerObserver {
  private readonly startupThreads: Set<number>;

  constructor(
    private readonly pid: number,
    private readonly metricsUrl: string,
  ) {
    this.startupThreads = new Set(threadTicks(pid).keys());
  }

  private groupOf(tid: number, comm: string): ThreadGroup {
    if (tid === this.pid) return 'event loop';
    if (comm.startsWith('libvips')) return 'libvips (sharp)';
    return this.startupThreads.has(tid) ? 'libuv pool and V8 helpers' : 'face workers';
  }

  private groupTicks(): Map<number, { group: ThreadGroup; ticks: number }> {
    const out = new Map<number, { group: ThreadGroup; ticks: number }>();
    for (const [tid, thread] of threadTicks(this.pid)) out.set(tid, { group: this.groupOf(tid, thread.comm), ticks: thread.ticks });
    return out;
  }

  /** Watches the server while `work` runs. */
  async during<T>(work: () => Promise<T>): Promise<{ result: T; observation: StepObservation }> {
    const loadBefore = loadAverage();
    const before = this.groupTicks();
    const samples = new Map<string, number[]>();
    let peakRss = 0;
    const scrape = async () => {
      try {
        const text = await (await fetch(this.metricsUrl, { signal: AbortSignal.timeout(5_000) })).text();
        for (const [label, name] of Object.entries(QUEUE_SERIES)) {
          let value = gauge(text, name);
          if (value === null) continue;
          if (name.endsWith('_seconds')) value *= 1000;
          let list = samples.get(label);
          if (!list) samples.set(label, (list = []));
          list.push(value);
        }
        peakRss = Math.max(peakRss, gauge(text, 'process_resident_memory_bytes') ?? 0);
      } catch {
        // a scrape that timed out under load is a missing sample, not a failure of the mix
      }
    };
    const timer = setInterval(() => void scrape(), 1000);
    const started = performance.now();
    let result: T;
    try {
      result = await work();
    } finally {
      clearInterval(timer);
    }
    const seconds = (performance.now() - started) / 1000;
    const after = this.groupTicks();
    const cores = Object.fromEntries(THREAD_GROUPS.map((group) => [group, 0])) as Record<ThreadGroup, number>;
    for (const [tid, now] of after) {
      const then = before.get(tid)?.ticks ?? 0;
      cores[now.group] += (now.ticks - then) / TICKS / seconds;
    }
    const queues: Record<string, QueueFigures> = {};
    for (const [label, list] of samples) {
      queues[label] = { max: Math.max(...list), mean: list.reduce((a, b) => a + b, 0) / list.length };
    }
    return {
      result,
      observation: {
        seconds,
        cores,
        totalCores: Object.values(cores).reduce((a, b) => a + b, 0),
        queues,
        peakRssMb: peakRss / 1024 / 1024,
        loadBefore,
        loadAfter: loadAverage(),
      },
    };
  }
}
