import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { MonitorPermission } from './monitor.permissions.js';

/** Requests counted by outcome: 2xx, 3xx, 401/403, other 4xx (business: validation, refusals, not found), 5xx. */
const countsSchema = z.object({
  requests: z.number(),
  ok: z.number(),
  redirect: z.number(),
  auth: z.number(),
  business: z.number(),
  server: z.number(),
});
export type MonitorCounts = z.infer<typeof countsSchema>;

/** Latency (ms) over a window: null when no request finished in it. */
const latencySchema = z.object({
  p50: z.number().nullable(),
  p95: z.number().nullable(),
  p99: z.number().nullable(),
  mean: z.number().nullable(),
  max: z.number().nullable(),
});

const windowSchema = z.object({
  /** Length of the window (seconds). */
  seconds: z.number(),
  counts: countsSchema,
  /** Requests a second over the window. */
  ratePerSecond: z.number(),
  latency: latencySchema,
  /** 5xx ÷ requests (0..1); 0 when there were none. */
  serverErrorRate: z.number(),
  /** Other 4xx ÷ requests (0..1). */
  businessErrorRate: z.number(),
});

export const monitorOverviewSchema = z.object({
  /** Server time, YYYY-MM-DD HH:mm:ss (Asia/Shanghai). */
  now: z.string(),
  startedAt: z.string(),
  uptimeSeconds: z.number(),
  process: z.object({
    pid: z.number(),
    nodeVersion: z.string(),
    rssBytes: z.number(),
    heapUsedBytes: z.number(),
    heapTotalBytes: z.number(),
    externalBytes: z.number(),
    systemTotalBytes: z.number(),
    systemFreeBytes: z.number(),
    loadAverage1m: z.number(),
    cpuCount: z.number(),
  }),
  /** Since the process started. */
  totals: countsSchema,
  lastMinute: windowSchema,
  lastFiveMinutes: windowSchema,
  /** One point per slot (10 s) over the last 10 minutes, oldest first. */
  series: z.array(z.object({ time: z.string(), requests: z.number(), business: z.number(), server: z.number(), p95: z.number().nullable() })),
  /** The busiest route patterns of the last five minutes (method + pattern, never a raw URL). */
  routes: z.array(z.object({ route: z.string(), requests: z.number(), errors: z.number(), server: z.number(), meanMs: z.number(), maxMs: z.number() })),
  database: z.object({
    driver: z.enum(['pg', 'pglite']),
    /** PostgreSQL, or 嵌入式数据库 (PGlite). */
    label: z.string(),
    sizeBytes: z.number().nullable(),
    /** Time a trivial query took (ms); null when it failed. */
    pingMs: z.number().nullable(),
    /** PostgreSQL's connection pool; null on the embedded database (one session). */
    pool: z.object({ total: z.number(), idle: z.number(), waiting: z.number(), max: z.number() }).nullable(),
  }),
});
export type MonitorOverview = z.infer<typeof monitorOverviewSchema>;

export const monitorContract = {
  overview: defineContract({
    method: 'POST',
    path: '/online/monitor/overview',
    access: MonitorPermission.monitorView,
    result: monitorOverviewSchema,
  }),
};

export const MonitorText = {
  embedded: '嵌入式数据库',
  postgres: 'PostgreSQL',
} as const;
