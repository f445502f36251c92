/**
 * Latency histogram with fixed, log-spaced bucket bounds (ms). Every window shares the bounds, so
 * histograms add bucket by bucket and memory per histogram is constant (BOUNDS.length + 1 counters).
 * A percentile is read by walking the cumulative counts and interpolating inside the bucket it lands
 * in: the estimate lies within the bucket's bounds (≤ 25% apart), never outside the observed min/max.
 */

const FACTOR = 1.25;
const FIRST = 0.25; // ms
const LAST = 120_000; // ms: anything slower falls in the overflow bucket

/** Upper bounds (ms, inclusive) of the buckets; one more bucket holds what is above the last bound. */
export const BOUNDS: readonly number[] = (() => {
  const bounds: number[] = [];
  for (let b = FIRST; b < LAST; b *= FACTOR) bounds.push(b);
  bounds.push(LAST);
  return bounds;
})();

export class Histogram {
  readonly counts = new Array<number>(BOUNDS.length + 1).fill(0);
  count = 0;
  sum = 0;
  min = Infinity;
  max = 0;

  record(ms: number): void {
    const value = Number.isFinite(ms) && ms > 0 ? ms : 0;
    this.counts[bucketOf(value)]! += 1;
    this.count += 1;
    this.sum += value;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  /** Adds another histogram's counts to this one. */
  add(other: Histogram): this {
    if (!other.count) return this;
    for (let i = 0; i < this.counts.length; i++) this.counts[i]! += other.counts[i]!;
    this.count += other.count;
    this.sum += other.sum;
    if (other.min < this.min) this.min = other.min;
    if (other.max > this.max) this.max = other.max;
    return this;
  }

  /** The q-th quantile (0 < q ≤ 1) in ms; null when nothing was recorded. */
  quantile(q: number): number | null {
    if (!this.count) return null;
    const rank = Math.min(Math.max(q, 0), 1) * this.count;
    let seen = 0;
    for (let i = 0; i < this.counts.length; i++) {
      const inBucket = this.counts[i]!;
      if (!inBucket) continue;
      if (seen + inBucket >= rank) {
        const lower = Math.max(i === 0 ? 0 : BOUNDS[i - 1]!, this.min);
        const upper = Math.min(i < BOUNDS.length ? BOUNDS[i]! : this.max, this.max);
        const fraction = (rank - seen) / inBucket;
        return lower + (upper - lower) * fraction;
      }
      seen += inBucket;
    }
    return this.max;
  }

  mean(): number | null {
    return this.count ? this.sum / this.count : null;
  }
}

/** Index of the bucket holding `ms` (binary search over the bounds). */
export function bucketOf(ms: number): number {
  let lo = 0;
  let hi = BOUNDS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ms <= BOUNDS[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
