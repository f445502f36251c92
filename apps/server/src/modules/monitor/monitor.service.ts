import os from 'node:os';
import { sql } from 'kysely';
import { MonitorText, type MonitorOverview } from '@care/shared';
import type { Database } from '../../platform/db/database.js';
import { SLOT_MS, type Counts, type ServerMetrics } from '../../platform/metrics/index.js';

/** Instant → YYYY-MM-DD HH:mm:ss in Asia/Shanghai. */
const shanghaiText = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const round = (n: number | null, digits = 2) => (n === null ? null : Math.round(n * 10 ** digits) / 10 ** digits);

function windowOf(metrics: ServerMetrics, now: number, seconds: number): MonitorOverview['lastMinute'] {
  // Over the slots that exist so far: a process up for 20 s divides by 20 s, not by the window.
  const { counts, latency } = metrics.window.summary(now, seconds * 1000);
  const span = Math.min(seconds, Math.max(1, (now - metrics.startedAt) / 1000));
  const rate = (part: number) => (counts.requests ? part / counts.requests : 0);
  return {
    seconds,
    counts,
    ratePerSecond: round(counts.requests / span)!,
    latency: {
      p50: round(latency.quantile(0.5)),
      p95: round(latency.quantile(0.95)),
      p99: round(latency.quantile(0.99)),
      mean: round(latency.mean()),
      max: latency.count ? round(latency.max) : null,
    },
    serverErrorRate: round(rate(counts.server), 4)!,
    businessErrorRate: round(rate(counts.business), 4)!,
  };
}

async function databaseOf(database: Database): Promise<MonitorOverview['database']> {
  const started = performance.now();
  let sizeBytes: number | null = null;
  let pingMs: number | null = null;
  try {
    const row = (await sql<{ size: number | string }>`select pg_database_size(current_database()) as size`.execute(database.db)).rows[0];
    pingMs = round(performance.now() - started);
    sizeBytes = row ? Number(row.size) : null;
  } catch {
    // The figure stays empty; the page shows the database as not answering.
  }
  return {
    driver: database.driver,
    label: database.driver === 'pg' ? MonitorText.postgres : MonitorText.embedded,
    sizeBytes,
    pingMs,
    pool: database.poolStats?.() ?? null,
  };
}

export async function monitorOverview(metrics: ServerMetrics, database: Database): Promise<MonitorOverview> {
  const now = metrics.now();
  const memory = process.memoryUsage();
  const slots = metrics.window.series(now);
  const { routes } = metrics.window.summary(now, 5 * 60_000);
  return {
    now: shanghaiText(now),
    startedAt: shanghaiText(metrics.startedAt),
    uptimeSeconds: Math.floor((now - metrics.startedAt) / 1000),
    process: {
      pid: process.pid,
      nodeVersion: process.version,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      externalBytes: memory.external,
      systemTotalBytes: os.totalmem(),
      systemFreeBytes: os.freemem(),
      loadAverage1m: round(os.loadavg()[0] ?? 0)!,
      cpuCount: os.availableParallelism?.() ?? os.cpus().length,
    },
    totals: { ...metrics.totals } satisfies Counts,
    lastMinute: windowOf(metrics, now, 60),
    lastFiveMinutes: windowOf(metrics, now, 300),
    series: slots.map((s) => ({
      time: shanghaiText(s.start + SLOT_MS).slice(11),
      requests: s.counts.requests,
      business: s.counts.business,
      server: s.counts.server,
      p95: round(s.p95),
    })),
    routes: [...routes.entries()]
      .sort((a, b) => b[1].requests - a[1].requests || a[0].localeCompare(b[0]))
      .slice(0, 10)
      .map(([route, s]) => ({ route, requests: s.requests, errors: s.errors, server: s.server, meanMs: round(s.totalMs / s.requests)!, maxMs: round(s.maxMs)! })),
    database: await databaseOf(database),
  };
}
