import { Histogram } from './histogram.js';

/** The outcome classes a request is counted in. */
export type Outcome = 'ok' | 'redirect' | 'auth' | 'business' | 'server';

/** 2xx ok, 3xx redirect, 401/403 auth, other 4xx business (validation, refusals, not found), 5xx server. */
export function outcomeOf(status: number): Outcome {
  if (status >= 500) return 'server';
  if (status === 401 || status === 403) return 'auth';
  if (status >= 400) return 'business';
  if (status >= 300) return 'redirect';
  return 'ok';
}

export interface Counts {
  requests: number;
  ok: number;
  redirect: number;
  auth: number;
  business: number;
  server: number;
}

export const emptyCounts = (): Counts => ({ requests: 0, ok: 0, redirect: 0, auth: 0, business: 0, server: 0 });

export interface RouteStats {
  requests: number;
  errors: number;
  server: number;
  totalMs: number;
  maxMs: number;
}

/** One slot of the ring: what finished during [start, start + slotMs). */
export class Slot {
  start = 0;
  counts = emptyCounts();
  latency = new Histogram();
  routes = new Map<string, RouteStats>();

  reset(start: number): void {
    this.start = start;
    this.counts = emptyCounts();
    this.latency = new Histogram();
    this.routes = new Map();
  }
}

export interface WindowOptions {
  /** Width of one slot (ms). */
  slotMs: number;
  /** Number of slots kept: the window spans slotMs × slots. */
  slots: number;
  /** Most distinct routes kept per slot; the rest are counted under OTHER_ROUTE. */
  maxRoutes: number;
}

export const OTHER_ROUTE = '(其他)';

/**
 * A ring of fixed-width time slots. Recording lands in the slot of `now`, reusing the oldest one when
 * time has moved on, so memory is bounded by slots × (histogram + maxRoutes entries) whatever the traffic.
 */
export class SlidingWindow {
  private readonly ring: Slot[];

  constructor(readonly options: WindowOptions) {
    this.ring = Array.from({ length: options.slots }, () => new Slot());
    for (const slot of this.ring) slot.start = -Infinity;
  }

  private slotStart(now: number): number {
    return Math.floor(now / this.options.slotMs) * this.options.slotMs;
  }

  private slotAt(now: number): Slot {
    const start = this.slotStart(now);
    const slot = this.ring[Math.floor(start / this.options.slotMs) % this.options.slots]!;
    if (slot.start !== start) slot.reset(start);
    return slot;
  }

  record(now: number, route: string, status: number, ms: number): void {
    const slot = this.slotAt(now);
    const outcome = outcomeOf(status);
    slot.counts.requests += 1;
    slot.counts[outcome] += 1;
    slot.latency.record(ms);
    let key = route;
    if (!slot.routes.has(key) && slot.routes.size >= this.options.maxRoutes) key = OTHER_ROUTE;
    let stats = slot.routes.get(key);
    if (!stats) slot.routes.set(key, (stats = { requests: 0, errors: 0, server: 0, totalMs: 0, maxMs: 0 }));
    stats.requests += 1;
    if (outcome === 'server' || outcome === 'business') stats.errors += 1;
    if (outcome === 'server') stats.server += 1;
    stats.totalMs += ms;
    if (ms > stats.maxMs) stats.maxMs = ms;
  }

  /** The slots that finished within the last `spanMs` before `now` (the current, partial one included), oldest first. */
  slotsWithin(now: number, spanMs: number): Slot[] {
    const newest = this.slotStart(now);
    const oldest = newest - Math.min(spanMs, this.options.slotMs * this.options.slots) + this.options.slotMs;
    return this.ring.filter((s) => s.start >= oldest && s.start <= newest).sort((a, b) => a.start - b.start);
  }

  /** Counts, latency and routes summed over the last `spanMs`. */
  summary(now: number, spanMs: number): { counts: Counts; latency: Histogram; routes: Map<string, RouteStats> } {
    const counts = emptyCounts();
    const latency = new Histogram();
    const routes = new Map<string, RouteStats>();
    for (const slot of this.slotsWithin(now, spanMs)) {
      for (const k of Object.keys(counts) as (keyof Counts)[]) counts[k] += slot.counts[k];
      latency.add(slot.latency);
      for (const [route, s] of slot.routes) {
        const into = routes.get(route);
        if (!into) routes.set(route, { ...s });
        else {
          into.requests += s.requests;
          into.errors += s.errors;
          into.server += s.server;
          into.totalMs += s.totalMs;
          into.maxMs = Math.max(into.maxMs, s.maxMs);
        }
      }
    }
    return { counts, latency, routes };
  }

  /** One point per slot over the whole window, oldest first; slots with no traffic answer zeros. */
  series(now: number): { start: number; counts: Counts; p95: number | null }[] {
    const newest = this.slotStart(now);
    const byStart = new Map(this.ring.map((s) => [s.start, s]));
    const points = [];
    for (let i = this.options.slots - 1; i >= 0; i--) {
      const start = newest - i * this.options.slotMs;
      const slot = byStart.get(start);
      points.push({ start, counts: slot ? { ...slot.counts } : emptyCounts(), p95: slot ? slot.latency.quantile(0.95) : null });
    }
    return points;
  }
}
