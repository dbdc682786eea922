import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { ScryptCost } from '../config.js';
import { AppError } from '../http/app-error.js';
import { HashTurns } from './hash-turns.js';
import { QueueFullError, Semaphore } from '../http/semaphore.js';

/**
 * Admission by expected wait: a hash is queued while the queue ahead of it
 * will drain within this bound (queue length x measured hash time / slots); past it the
 * sign-in is answered at once with 429 and a Retry-After naming its turn (see `busy`), and the
 * client comes back then. An admitted sign-in so answers within the bound plus its own hash.
 * 3 s leaves room under the 10 s the issue allows for an estimate that runs short (other work
 * on the machine slows the hashes already admitted: at load 20-25, 4 s gave an answer p99 of
 * 11.5 s) and for the ticket holders' larger bound below; a smaller bound only costs more quick
 * 429s, not throughput, while the queue never empties.
 */
export const ADMISSION_WAIT_MS = 3_000;
/**
 * A sign-in back at its promised turn is admitted within this much more than a newcomer: it goes
 * first, while a machine that fell behind its promise (hashes slowed by other work) still never
 * makes an admitted sign-in wait past the bound; past it the ticket gets the first new turn.
 */
const TICKET_EXTRA_WAIT_MS = 2_000;
/** the measured hash time starts from this guess per pass at log2N=17 and follows each real hash */
const FIRST_GUESS_MS_AT_17 = 400;

const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function optionsFor(log2N: number, r: number, p: number): ScryptOptions {
  const N = 2 ** log2N;
  // scrypt needs 128 * N * r bytes; Node's default maxmem (32 MiB) is too small for N=2^17.
  return { N, r, p, maxmem: 128 * N * r + 16 * 1024 * 1024 };
}

/**
 * scrypt password hashing. The stored form carries its own cost
 * (`scrypt$log2N$r$p$salt$hash`) so the cost can be raised later without breaking old hashes.
 * A semaphore bounds concurrent hashes: each needs 128 x N x r bytes (16 MiB at the default cost).
 */
/** Prefix of a stored hash no password matches (accounts that sign in with codes only). */
export const UNUSABLE_PASSWORD_PREFIX = 'unusable$';

/** A sign-in's place in the hash queue, taken before its image code is spent. */
export interface HashAdmission {
  verify(password: string, stored: string): Promise<boolean>;
  verifyAgainstNothing(password: string): Promise<false>;
  /** gives the place back if no hash was started (an early refusal) */
  release(): void;
}

export class PasswordHasher {
  private readonly gate: Semaphore;
  private dummyHash: Promise<string> | null = null;
  /** moving average of one hash's duration, ms */
  private hashMs: number;
  /**
   * sign-ins admitted whose hash has not reached the queue yet (they are checking the image
   * code and reading the account): counted, or 100 sign-ins arriving together would all be
   * admitted before the first one queues, and most then refused after spending their code
   */
  private pending = 0;
  /** the turns promised to refused sign-ins */
  private readonly turns = new HashTurns();

  constructor(
    private readonly cost: ScryptCost,
    private readonly concurrency: number,
    private readonly admissionWaitMs = ADMISSION_WAIT_MS,
  ) {
    this.hashMs = FIRST_GUESS_MS_AT_17 * 2 ** (cost.log2N - 17) * cost.p;
    this.gate = new Semaphore(concurrency, () => this.maxWaiting());
  }

  /** hashes waiting for a slot (the /metrics hash-queue depth) */
  get queueDepth(): number {
    return this.gate.queued;
  }

  /** hashes running now */
  get running(): number {
    return this.gate.running;
  }

  /**
   * Admits one sign-in's hash or refuses at once (429 + Retry-After) when its wait would pass
   * the bound. Called before the sign-in spends its one-time image code, so a refused client's
   * retry can reuse it; an admitted sign-in holds its place, so its hash is never refused.
   */
  /**
   * `turnTicket`: the ticket of an earlier refusal. Early, it is refused again with the same
   * ticket and the time still to wait; at its time it is admitted within the larger bound.
   */
  admit(turnTicket?: string): HashAdmission {
    const now = Date.now();
    const ticket = this.turns.read(turnTicket, now);
    const load = this.gate.running + this.gate.queued + this.pending;
    const newcomerBound = this.concurrency + this.maxWaiting(this.admissionWaitMs);
    // a ticket is a promise of priority, never a reason to wait: early, it is admitted whenever a
    // newcomer would be (the queue drained faster than promised, or emptied), and refused again
    // with its own turn only while the queue is still full
    if (ticket && !this.turns.due(ticket, now) && load >= newcomerBound) {
      throw new AppError('hashQueueFull', { retryAfterSeconds: this.turns.remaining(ticket, now), turnTicket: ticket.text });
    }
    const bound = ticket ? this.concurrency + this.maxWaiting(this.admissionWaitMs + TICKET_EXTRA_WAIT_MS) : newcomerBound;
    if (load >= bound) throw this.busy(now, ticket !== null);
    if (ticket) this.turns.spend(ticket, now);
    this.pending += 1;
    let held = true;
    const release = () => {
      if (held) {
        held = false;
        this.pending -= 1;
      }
    };
    return {
      // the place passes to the queue in the same turn (no await between release and the queue)
      verify: (password, stored) => {
        release();
        return this.verify(password, stored, true);
      },
      verifyAgainstNothing: (password) => {
        release();
        return this.verifyAgainstNothing(password, true);
      },
      release,
    };
  }

  /** hashes that may wait for a slot so that the last one waits at most `waitMs` */
  private maxWaiting(waitMs = this.admissionWaitMs): number {
    return Math.max(1, Math.floor((waitMs / this.hashMs) * this.concurrency));
  }

  /**
   * The refusal names the refused sign-in's turn: the queue ahead is admitted again once it has
   * drained to the bound, and those refused earlier go first, one drain step each. So the
   * returns come spread at the rate hashes finish (no wave, no long idle Retry-After), and a
   * client that comes back at its turn finds room.
   */
  private busy(now = Date.now(), ticketHolder = false): AppError {
    const roomAt = now + Math.max(0, this.expectedWaitMs() - this.admissionWaitMs);
    const { retryAfterSeconds, ticket } = this.turns.promise(roomAt, this.hashMs / this.concurrency, now, ticketHolder);
    return new AppError('hashQueueFull', { retryAfterSeconds, turnTicket: ticket });
  }

  /** how long a hash arriving now would wait, ms */
  expectedWaitMs(): number {
    return ((this.gate.queued + this.pending + 1) * this.hashMs) / this.concurrency;
  }

  async hash(password: string): Promise<string> {
    const { log2N, r, p } = this.cost;
    const salt = randomBytes(16);
    const key = await this.guarded(() => scryptAsync(password, salt, optionsFor(log2N, r, p)));
    return ['scrypt', log2N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  /** `admitted`: through admit(), the queue does not refuse it */
  async verify(password: string, stored: string, admitted = false): Promise<boolean> {
    const [algorithm, log2N, r, p, salt, key] = stored.split('$');
    if (algorithm !== 'scrypt' || !salt || !key) {
      // an unusable hash (guest accounts) costs as much as a real one: no timing hint
      await this.verifyAgainstNothing(password, admitted);
      return false;
    }
    const expected = Buffer.from(key, 'base64');
    const actual = await this.guarded(
      () => scryptAsync(password, Buffer.from(salt, 'base64'), optionsFor(Number(log2N), Number(r), Number(p))),
      admitted,
    );
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  private async guarded(task: () => Promise<Buffer>, admitted = false): Promise<Buffer> {
    try {
      return await this.gate.run(async () => {
        const started = performance.now();
        const result = await task();
        this.observe(performance.now() - started);
        return result;
      }, admitted);
    } catch (error) {
      if (error instanceof QueueFullError) throw this.busy();
      throw error;
    }
  }

  /**
   * The estimate rises at once with a slower hash and comes down slowly: an estimate that runs
   * short makes admitted sign-ins wait past the bound, one that runs long only refuses a few more
   */
  private observe(ms: number): void {
    this.hashMs = ms > this.hashMs ? 0.5 * this.hashMs + 0.5 * ms : 0.9 * this.hashMs + 0.1 * ms;
  }

  /**
   * Start-up: as many real hashes at once as there are slots (one of them the placeholder
   * unknown accounts are checked against) set the hash-time estimate, so a burst right after
   * start is admitted by this machine's speed with every slot busy (hashes running side by side
   * share memory bandwidth: one hash alone measured 25-40% fast), not by the first guess.
   */
  async calibrate(): Promise<void> {
    const started = performance.now();
    this.dummyHash ??= this.hash('no-such-account-placeholder');
    await Promise.all([this.dummyHash, ...Array.from({ length: this.concurrency - 1 }, () => this.hash('calibration'))]);
    this.hashMs = Math.max(1, performance.now() - started);
  }

  /** Spends the same work as a real check, so an unknown account answers as slowly as a wrong password. */
  async verifyAgainstNothing(password: string, admitted = false): Promise<false> {
    this.dummyHash ??= this.hash('no-such-account-placeholder');
    await this.verify(password, await this.dummyHash, admitted);
    return false;
  }
}
