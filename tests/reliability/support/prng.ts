/**
 * Seeded pseudo-random numbers (mulberry32): the same seed replays the same sequence of
 * routes, accounts and mutations. RELIABILITY_SEED chooses the seed; otherwise one is drawn
 * and printed, so a failing run can be replayed.
 */
export interface Rng {
  readonly seed: number;
  /** [0, 1) */
  next(): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    seed,
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
  };
}

/** The seed of this run: RELIABILITY_SEED, or a fresh one (printed by the caller). */
export function runSeed(): number {
  const given = process.env.RELIABILITY_SEED;
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
      throw new Error(`RELIABILITY_SEED must be an integer 0..4294967295 (got "${given}")`);
    return seed;
  }
  return Math.floor(Math.random() * 0xffffffff);
}

/** A run's seed plus a label: each suite gets its own stream, so adding one does not shift another. */
export function rngFor(seed: number, label: string): Rng {
  let hash = seed >>> 0;
  for (const char of label) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return createRng(hash);
}
