import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { withAdvisoryLock } from './advisory-lock.js';
import { systemClock } from '../clock.js';

export interface ScheduledJob {
  /** stable name: the advisory-lock key and the `scheduled_jobs` row */
  name: string;
  /** the job runs once per period across all instances */
  everyMs: number;
  run(): Promise<void>;
}

interface ScheduledJobTable {
  name: string;
  last_run_at: string;
  last_runner: string;
}

declare module '../db/tables.js' {
  interface Database {
    scheduled_jobs: ScheduledJobTable;
  }
}

/** How often an instance looks whether a job is due: often enough that a dead runner's turn is taken soon. */
const CHECK_EVERY_MAX_MS = 5 * 60_000;

export type RunOutcome = 'ran' | 'not-due' | 'busy';

/**
 * Scheduled work (purges, upload sweeps) done once across instances. Every
 * instance checks each job regularly; the one that gets the job's advisory lock and finds it
 * due (the `scheduled_jobs` row older than the period) runs it and records the run. Never
 * twice: the lock and the row. Never not at all: every instance checks, so a dead instance's
 * turn is taken by the next check of any other; a crash mid-run leaves the row unchanged and
 * releases the lock (its connection closes), so the work is done again by the next check.
 */
export class JobScheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly runner = `${hostname()}:${process.pid}`;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs the job when due (or always, `force`), under its lock; 'busy' when another instance is running it now. */
  async runIfDue(job: ScheduledJob, force = false, now: () => Date = () => systemClock.now()): Promise<RunOutcome> {
    const outcome = await withAdvisoryLock(this.db, `job:${job.name}`, false, async (): Promise<RunOutcome> => {
      const row = await this.db.selectFrom('scheduled_jobs').select('last_run_at').where('name', '=', job.name).executeTakeFirst();
      if (!force && row && now().getTime() - Date.parse(row.last_run_at) < job.everyMs) return 'not-due';
      await job.run();
      const ranAt = now().toISOString();
      await this.db
        .insertInto('scheduled_jobs')
        .values({ name: job.name, last_run_at: ranAt, last_runner: this.runner })
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ last_run_at: ranAt, last_runner: this.runner }))
        .execute();
      return 'ran';
    });
    return outcome.ran ? outcome.result : 'busy';
  }

  /**
   * Checks the job now (`atStart: 'force'` runs it now whatever the row says, e.g. the sweep
   * after a crash) and then regularly, until stop(). `'later'`: the first check is the first
   * regular one (work that writes to people does not go out at every start). Errors are logged,
   * the schedule goes on.
   */
  schedule(job: ScheduledJob, atStart: 'force' | 'if-due' | 'later' = 'if-due'): Promise<RunOutcome | 'failed'> {
    const check = (force: boolean): Promise<RunOutcome | 'failed'> => {
      if (this.stopped) return Promise.resolve('busy');
      const run = this.runIfDue(job, force).catch((error: unknown) => {
        this.log.error({ err: error, job: job.name }, 'scheduled job failed');
        return 'failed' as const;
      });
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
      return run;
    };
    const every = Math.min(job.everyMs, CHECK_EVERY_MAX_MS);
    // instances started together do not all check at the same instant
    const timer = setInterval(() => void check(false), every + Math.floor(Math.random() * Math.min(every / 10, 30_000)));
    timer.unref();
    this.timers.add(timer);
    if (atStart === 'later') return Promise.resolve('not-due');
    return check(atStart === 'force');
  }

  /** Stops the timers and waits for runs in progress (shutdown closes the pool after this). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
