import type { FastifyInstance } from 'fastify';
import { emptyCounts, outcomeOf, SlidingWindow, type Counts } from './window.js';

export const SLOT_MS = 10_000;
export const SLOTS = 60; // 10 minutes of 10-second slots
/** Distinct route keys kept per slot; registered routes are far fewer, so this only caps abuse. */
const MAX_ROUTES = 300;
/** Requests that matched no route are counted under one key, so a scan of random URLs adds no keys. */
export const UNMATCHED_ROUTE = '(未匹配的地址)';

export interface MetricsOptions {
  /** Route patterns not counted (the monitor's own polling would otherwise count itself). */
  ignore?: (route: string) => boolean;
  now?: () => number;
}

/**
 * This server's request counters: lifetime totals by outcome plus a sliding window of 10-second
 * slots (counts, latency histogram, per-route stats). Keys are `METHOD /route/:pattern`, never the raw URL.
 */
export class ServerMetrics {
  readonly startedAt: number;
  readonly totals: Counts = emptyCounts();
  readonly window = new SlidingWindow({ slotMs: SLOT_MS, slots: SLOTS, maxRoutes: MAX_ROUTES });
  private readonly ignore: (route: string) => boolean;
  readonly now: () => number;

  constructor(options: MetricsOptions = {}) {
    this.now = options.now ?? Date.now;
    this.ignore = options.ignore ?? (() => false);
    this.startedAt = this.now();
  }

  record(route: string, status: number, ms: number): void {
    if (this.ignore(route)) return;
    this.totals.requests += 1;
    this.totals[outcomeOf(status)] += 1;
    this.window.record(this.now(), route, status, ms);
  }
}

const byApp = new WeakMap<FastifyInstance, ServerMetrics>();

/** The counters installed on `app` (installMetrics), for the monitor module. */
export function metricsOf(app: FastifyInstance): ServerMetrics | undefined {
  return byApp.get(app);
}

/** Counts every finished request of `app` by route pattern, status and time taken. */
export function installMetrics(app: FastifyInstance, options: MetricsOptions = {}): ServerMetrics {
  const metrics = new ServerMetrics({ ignore: (route) => route.includes(' /online/monitor/'), ...options });
  byApp.set(app, metrics);
  app.addHook('onResponse', async (request, reply) => {
    const pattern = request.routeOptions.url;
    const route = pattern ? `${request.method} ${pattern}` : UNMATCHED_ROUTE;
    metrics.record(route, reply.statusCode, reply.elapsedTime);
  });
  return metrics;
}
