/**
 * The last stored-records diffs, kept while the database is unchanged: the publish's
 * confirmation recounts, and with nothing committed since the organiser's diff (the same draft
 * content, the same edition, the same commit stamp) the count is the one already made. A diff is
 * kept only when the stamp was the same before and after its walk (nothing was committed while
 * it read), and used only while the stamp still is; where the stamp cannot tell, nothing is kept.
 * Two asks of the same diff at once share one walk.
 */
const KEPT = 8;

interface Kept<T> {
  stamp: string;
  value: T;
}

export class StoredRecordsCache<T> {
  private readonly kept = new Map<string, Kept<T>>();
  private readonly running = new Map<string, Promise<{ value: T; stable: boolean }>>();

  constructor(private readonly stamp: () => Promise<string | undefined>) {}

  /** The diff of `key` (draft content and edition), computed by `walk` unless known for the database as it is. */
  async get(key: string, walk: () => Promise<T>): Promise<T> {
    const before = await this.stamp();
    const known = this.kept.get(key);
    if (before !== undefined && known?.stamp === before) return known.value;
    const shared = this.running.get(key);
    if (shared) {
      // a walk that began earlier is good only if nothing was committed while it ran, nor since
      const done = await shared;
      if (done.stable && before !== undefined && this.kept.get(key)?.stamp === before) return done.value;
    }
    const run = (async () => {
      const value = await walk();
      const after = await this.stamp();
      const stable = before !== undefined && after === before;
      if (stable) this.keep(key, { stamp: before, value });
      return { value, stable };
    })();
    this.running.set(key, run);
    try {
      return (await run).value;
    } finally {
      if (this.running.get(key) === run) this.running.delete(key);
    }
  }

  private keep(key: string, entry: Kept<T>): void {
    this.kept.delete(key);
    if (this.kept.size >= KEPT) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, entry);
  }
}
