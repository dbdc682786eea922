/** Latencies and failures per flow of one ramp step, as a client sees them (the whole answer read). */

export interface FlowFigures {
  flow: string;
  count: number;
  errors: number;
  p50: number;
  p99: number;
}

export class Recorder {
  private readonly times = new Map<string, number[]>();
  private readonly failures = new Map<string, number>();
  /** the first few failures word for word, to say what broke */
  readonly samples: string[] = [];

  ok(flow: string, ms: number): void {
    let list = this.times.get(flow);
    if (!list) this.times.set(flow, (list = []));
    list.push(ms);
  }

  failed(flow: string, what: string): void {
    this.failures.set(flow, (this.failures.get(flow) ?? 0) + 1);
    if (this.samples.length < 8) this.samples.push(`${flow}: ${what}`);
  }

  get errors(): number {
    let total = 0;
    for (const n of this.failures.values()) total += n;
    return total;
  }

  figures(order: readonly string[]): FlowFigures[] {
    const flows = [...new Set([...order, ...this.times.keys(), ...this.failures.keys()])];
    return flows
      .filter((flow) => this.times.has(flow) || this.failures.has(flow))
      .map((flow) => {
        const sorted = [...(this.times.get(flow) ?? [])].sort((a, b) => a - b);
        const at = (q: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!);
        return { flow, count: sorted.length, errors: this.failures.get(flow) ?? 0, p50: at(0.5), p99: at(0.99) };
      });
  }
}
