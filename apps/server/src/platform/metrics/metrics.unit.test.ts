import { describe, expect, it } from 'vitest';
import { BOUNDS, bucketOf, Histogram } from './histogram.js';
import { ServerMetrics } from './server-metrics.js';
import { outcomeOf, SlidingWindow } from './window.js';

/** The exact q-quantile of a sorted sample (nearest rank). */
const exact = (sorted: number[], q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;

describe('latency histogram', () => {
  it('puts a value in the bucket whose bounds hold it', () => {
    for (const ms of [0, 0.1, 0.25, 0.3, 1, 7.5, 100, 999, 5_000, 119_999, 500_000]) {
      const i = bucketOf(ms);
      if (i < BOUNDS.length) expect(ms).toBeLessThanOrEqual(BOUNDS[i]!);
      if (i > 0) expect(ms).toBeGreaterThan(BOUNDS[i - 1]!);
    }
  });

  it('estimates p50, p95 and p99 within one bucket (25%) of the exact quantiles', () => {
    // A skewed sample: most requests fast, a tail of slow ones.
    const values: number[] = [];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 5000; i++) values.push(i % 20 === 0 ? 200 + random() * 800 : 2 + random() * 30);
    const h = new Histogram();
    for (const v of values) h.record(v);
    const sorted = [...values].sort((a, b) => a - b);
    for (const q of [0.5, 0.95, 0.99]) {
      const estimate = h.quantile(q)!;
      const truth = exact(sorted, q);
      expect(Math.abs(estimate - truth) / truth, `q=${q}`).toBeLessThanOrEqual(0.25);
    }
    expect(h.count).toBe(5000);
    expect(h.mean()).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 6);
    expect(h.max).toBe(sorted.at(-1));
  });

  it('never answers outside the observed range, and null when empty', () => {
    const h = new Histogram();
    expect(h.quantile(0.5)).toBeNull();
    h.record(12);
    expect(h.quantile(0.5)).toBe(12);
    expect(h.quantile(0.99)).toBe(12);
    h.record(12);
    h.record(12);
    expect(h.quantile(0.01)).toBe(12);
  });

  it('adds histograms bucket by bucket', () => {
    const a = new Histogram();
    const b = new Histogram();
    [1, 2, 3].forEach((v) => a.record(v));
    [100, 200].forEach((v) => b.record(v));
    const sum = new Histogram().add(a).add(b);
    expect(sum.count).toBe(5);
    expect(sum.min).toBe(1);
    expect(sum.max).toBe(200);
    expect(sum.sum).toBe(306);
  });
});

describe('outcome classes', () => {
  it('separates 5xx from business (4xx) and auth (401/403) failures', () => {
    expect([200, 204, 302, 401, 403, 404, 409, 422, 500, 503].map(outcomeOf)).toEqual(['ok', 'ok', 'redirect', 'auth', 'auth', 'business', 'business', 'business', 'server', 'server']);
  });
});

describe('sliding window', () => {
  const window = () => new SlidingWindow({ slotMs: 10_000, slots: 6, maxRoutes: 3 });

  it('counts what finished within the span and forgets older slots', () => {
    const w = window();
    w.record(0, 'GET /a', 200, 5);
    w.record(15_000, 'GET /a', 500, 50);
    w.record(25_000, 'GET /b', 422, 7);
    const now = 29_000;
    expect(w.summary(now, 10_000).counts).toMatchObject({ requests: 1, business: 1 });
    expect(w.summary(now, 20_000).counts).toMatchObject({ requests: 2, server: 1, business: 1 });
    expect(w.summary(now, 60_000).counts).toMatchObject({ requests: 3, ok: 1, server: 1, business: 1 });
    // Later the slots of 0 s and 15 s have left the last minute.
    w.record(75_000, 'GET /a', 200, 1);
    expect(w.summary(79_000, 60_000).counts).toMatchObject({ requests: 2, ok: 1, business: 1, server: 0 });
    expect(w.summary(79_000, 60_000).routes.get('GET /a')).toMatchObject({ requests: 1, errors: 0 });
  });

  it('reuses a slot when time has gone round the ring', () => {
    const w = window();
    w.record(1_000, 'GET /a', 200, 1);
    w.record(61_000, 'GET /a', 200, 1); // same ring index, a new slot
    expect(w.summary(61_000, 60_000).counts.requests).toBe(1);
  });

  it('keeps at most maxRoutes route keys per slot, the rest counted together', () => {
    const w = window();
    for (let i = 0; i < 50; i++) w.record(0, `GET /r${i}`, 200, 1);
    const { routes, counts } = w.summary(1, 10_000);
    expect(routes.size).toBe(4);
    expect(counts.requests).toBe(50);
    expect([...routes.values()].reduce((a, r) => a + r.requests, 0)).toBe(50);
  });

  it('answers one point per slot, zeros where nothing happened', () => {
    const w = window();
    w.record(35_000, 'GET /a', 200, 3);
    const points = w.series(55_000);
    expect(points).toHaveLength(6);
    expect(points.map((p) => p.counts.requests)).toEqual([0, 0, 0, 1, 0, 0]);
    expect(points[3]!.p95).toBe(3);
  });
});

describe('server metrics', () => {
  it('keeps lifetime totals and ignores the routes it is told to', () => {
    let now = 0;
    const m = new ServerMetrics({ now: () => now, ignore: (r) => r.startsWith('POST /online/monitor/') });
    m.record('GET /a', 200, 1);
    m.record('POST /online/monitor/overview', 200, 1);
    now = 3_600_000;
    m.record('GET /a', 500, 1);
    expect(m.totals).toEqual({ requests: 2, ok: 1, redirect: 0, auth: 0, business: 0, server: 1 });
    expect(m.window.summary(now, 60_000).counts.requests).toBe(1);
  });
});
