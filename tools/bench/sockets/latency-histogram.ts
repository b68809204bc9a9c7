// Latencies kept as counts in buckets (0.1 ms wide under 100 ms, 1 ms above), so millions of deliveries recorded in
// several processes merge into one distribution without shipping every sample.
export type Histogram = Map<number, number>;

const bucketOf = (ms: number) => (ms < 100 ? Math.floor(ms * 10) : 1000 + Math.floor(ms));
/** The upper edge of a bucket: a percentile read from it is never optimistic. */
const edgeOf = (bucket: number) => (bucket < 1000 ? (bucket + 1) / 10 : bucket - 1000 + 1);

export function record(h: Histogram, ms: number): void {
  const b = bucketOf(Math.max(0, ms));
  h.set(b, (h.get(b) ?? 0) + 1);
}

export function merge(into: Histogram, from: Iterable<[number, number]>): Histogram {
  for (const [b, n] of from) into.set(b, (into.get(b) ?? 0) + n);
  return into;
}

export interface Summary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export function summarize(h: Histogram, exactMax?: number): Summary {
  const buckets = [...h.entries()].sort((a, b) => a[0] - b[0]);
  const count = buckets.reduce((s, [, n]) => s + n, 0);
  const max = exactMax ?? (buckets.length ? edgeOf(buckets.at(-1)![0]) : NaN);
  const at = (p: number) => {
    const rank = Math.ceil((p / 100) * count);
    let seen = 0;
    for (const [b, n] of buckets) {
      seen += n;
      if (seen >= rank) return Math.min(edgeOf(b), max);
    }
    return NaN;
  };
  return { count, p50: at(50), p99: at(99), max };
}

export function fromSamples(samples: readonly number[]): Summary {
  const h: Histogram = new Map();
  let max = NaN;
  for (const s of samples) {
    record(h, s);
    if (!(s <= max)) max = s;
  }
  return summarize(h, max);
}

export const fmt = (s: Summary) => `p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`;
