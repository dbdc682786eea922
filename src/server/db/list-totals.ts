/**
 * Totals of long lists without counting them on every page (a console page
 * may not grow with the table). A total of at most EXACT_TOTAL_UP_TO rows is always counted
 * exactly, by a count that stops there, so its cost does not grow with the table; a longer one
 * is counted in full once and kept for `ttlMs` per list and filter (LIST_TOTAL_CACHE_MS), so it
 * may lag that long behind saves elsewhere. The rows of a page are always read fresh.
 */
export const EXACT_TOTAL_UP_TO = 5000;
/** distinct lists and filters kept at once; the oldest goes first */
const MAX_KEPT = 500;

export class ListTotals {
  private readonly kept = new Map<string, { total: number; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * `countUpTo(limit)` counts matching rows but stops at `limit`; `countAll()` counts them all.
   */
  async total(key: string, countUpTo: (limit: number) => Promise<number>, countAll: () => Promise<number>): Promise<number> {
    const bounded = await countUpTo(EXACT_TOTAL_UP_TO + 1);
    if (bounded <= EXACT_TOTAL_UP_TO || this.ttlMs <= 0) {
      this.kept.delete(key);
      return bounded <= EXACT_TOTAL_UP_TO ? bounded : countAll();
    }
    const hit = this.kept.get(key);
    if (hit && hit.until > this.now()) return hit.total;
    const total = await countAll();
    this.kept.delete(key);
    this.kept.set(key, { total, until: this.now() + this.ttlMs });
    if (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    return total;
  }
}
