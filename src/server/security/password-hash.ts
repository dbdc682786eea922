import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { ScryptCost } from '../config.js';
import { AppError } from '../http/app-error.js';
import { QueueFullError, Semaphore } from './semaphore.js';

/**
 * Hashes allowed to wait per running slot. Past that a sign-in is answered at once with 429
 * and Retry-After (issue 11: 100 concurrent sign-ins gave 35 x 503 and 28 s waits): a short
 * queue keeps the longest wait to a few hashes' time, the rest retry a moment later.
 */
const WAITING_PER_SLOT = 8;

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
 * A semaphore bounds concurrent hashes: each needs ~128 MiB at the default cost.
 */
/** Prefix of a stored hash no password matches (accounts that sign in with codes only). */
export const UNUSABLE_PASSWORD_PREFIX = 'unusable$';

export class PasswordHasher {
  private readonly gate: Semaphore;
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly cost: ScryptCost,
    concurrency: number,
  ) {
    this.gate = new Semaphore(concurrency, concurrency * WAITING_PER_SLOT);
  }

  async hash(password: string): Promise<string> {
    const { log2N, r, p } = this.cost;
    const salt = randomBytes(16);
    const key = await this.guarded(() => scryptAsync(password, salt, optionsFor(log2N, r, p)));
    return ['scrypt', log2N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [algorithm, log2N, r, p, salt, key] = stored.split('$');
    if (algorithm !== 'scrypt' || !salt || !key) {
      // an unusable hash (guest accounts) costs as much as a real one: no timing hint
      await this.verifyAgainstNothing(password);
      return false;
    }
    const expected = Buffer.from(key, 'base64');
    const actual = await this.guarded(() =>
      scryptAsync(password, Buffer.from(salt, 'base64'), optionsFor(Number(log2N), Number(r), Number(p))),
    );
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  private async guarded(task: () => Promise<Buffer>): Promise<Buffer> {
    try {
      return await this.gate.run(task);
    } catch (error) {
      if (error instanceof QueueFullError) throw new AppError('hashQueueFull');
      throw error;
    }
  }

  /** Spends the same work as a real check, so an unknown account answers as slowly as a wrong password. */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('no-such-account-placeholder');
    await this.verify(password, await this.dummyHash);
    return false;
  }
}
