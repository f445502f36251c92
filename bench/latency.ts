/**
 * Every response time of a run, kept exactly (a Float64Array grown by doubling: 8 bytes a response).
 * autocannon's own histogram truncates to whole milliseconds, too coarse for a sub-millisecond route.
 */
export class LatencyRecorder {
  private samples = new Float64Array(1 << 16);
  private count = 0;

  record(ms: number): void {
    if (this.count === this.samples.length) {
      const grown = new Float64Array(this.samples.length * 2);
      grown.set(this.samples);
      this.samples = grown;
    }
    this.samples[this.count++] = ms;
  }

  summary(): { count: number; averageMs: number; p50Ms: number; p99Ms: number; maxMs: number } {
    const sorted = this.samples.slice(0, this.count).sort();
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
    let sum = 0;
    for (const value of sorted) sum += value;
    return { count: sorted.length, averageMs: sorted.length ? sum / sorted.length : 0, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) };
  }
}
