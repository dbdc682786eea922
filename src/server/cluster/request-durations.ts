import type { Metric } from 'prom-client';

export const REQUEST_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;

interface Series {
  labels: { method: string; route: string; status: string };
  /** per bucket (not cumulative), the last one past every bound */
  counts: number[];
  sum: number;
  count: number;
}

type Value = {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
  metricName: string;
  /** prom-client's buckets carry one (null without exemplars) */
  exemplar?: null;
};

/**
 * `http_request_duration_seconds`, the histogram of every answer, counted here in plain arrays
 * and turned into prom-client's form only when /metrics is read. prom-client's own
 * `Histogram.observe` validates the labels and hashes them into a sorted key on every call, a
 * few microseconds of each request; a scrape comes every few seconds at most. The output is the
 * one prom-client's Histogram writes: the same name, help, labels, buckets and order.
 */
export class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Request duration by method, route pattern and status';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** route pattern → "METHOD status" → series */
  private routes = new Map<string, Map<string, Series>>();

  observe(method: string, route: string, status: number, seconds: number): void {
    let byAnswer = this.routes.get(route);
    if (!byAnswer) this.routes.set(route, (byAnswer = new Map()));
    const key = `${method} ${status}`;
    let series = byAnswer.get(key);
    if (!series) {
      series = {
        labels: { method, route, status: String(status) },
        counts: new Array<number>(REQUEST_DURATION_BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      byAnswer.set(key, series);
    }
    let bucket = 0;
    while (bucket < REQUEST_DURATION_BUCKETS.length && seconds > REQUEST_DURATION_BUCKETS[bucket]!) bucket += 1;
    series.counts[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** prom-client's registry asks this when it writes the text format (labels beside the series' own) */
  async getForPromString(): Promise<{ name: string; help: string; type: string; values: Value[]; aggregator: string }> {
    const values: Value[] = [];
    for (const byAnswer of this.routes.values()) {
      for (const series of byAnswer.values()) {
        let cumulative = 0;
        REQUEST_DURATION_BUCKETS.forEach((bound, i) => {
          cumulative += series.counts[i]!;
          values.push({
            labels: { le: bound },
            sharedLabels: series.labels,
            value: cumulative,
            metricName: `${this.name}_bucket`,
            exemplar: null,
          });
        });
        values.push(
          { labels: { le: '+Inf' }, sharedLabels: series.labels, value: series.count, metricName: `${this.name}_bucket`, exemplar: null },
          { labels: {}, sharedLabels: series.labels, value: series.sum, metricName: `${this.name}_sum` },
          { labels: {}, sharedLabels: series.labels, value: series.count, metricName: `${this.name}_count` },
        );
      }
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** the JSON form (getMetricsAsJSON, cluster aggregation): each value's labels in one object */
  async get() {
    const data = await this.getForPromString();
    return {
      ...data,
      values: data.values.map(({ labels, sharedLabels, ...rest }) => ({ ...rest, labels: { ...labels, ...sharedLabels } })),
    };
  }

  reset(): void {
    this.routes = new Map();
  }

  /** registered like prom-client's own metrics, which the registry reads through the methods above */
  asMetric(): Metric {
    return this as unknown as Metric;
  }
}
