/**
 * `npm run bench:order-list`: the order list (POST /online/order/list, signed, as the administrator)
 * on PostgreSQL with 1,000,000 orders, BENCH_CONNECTIONS concurrent connections (default 20) with
 * autocannon. Reuses (or fills once) the reports-bench database BENCH_REPORTS_DB (default
 * care_bench_reports, reports-fill.ts). Bar: p99 ≤ 50 ms. Figures in bench/out/order-list.json; see
 * bench/RESULTS.md. Not part of CI.
 */
import path from 'node:path';
import { orderContract } from '@care/shared';
import { startBench, startReportsServer } from './bench-start.js';
import { ensureDatabase } from './customers-fill.js';
import { describeMachine } from './machine.js';
import { measure, type Measurement } from './measure.js';
import { printMachine, writeJson, type BenchReport } from './report.js';
import { ORDERS, withClient } from './reports-fill.js';
import { fetchRuntimeConfig } from './runtime-config.js';
import { signedPost, signIn, type ScenarioContext } from './scenarios.js';
import { outDir, readSettings } from './settings.js';

const P99_BAR_MS = 50;
const PASSWORD = process.env.BENCH_ADMIN_PASSWORD ?? 'Admin@12345';

async function main(): Promise<number> {
  const settings = readSettings({ BENCH_CONNECTIONS: '20', ...process.env });
  const { entry, cleanup } = startBench(settings);
  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: await describeMachine(),
    settings: { connections: settings.connections, warmupSeconds: settings.warmupSeconds, durationSeconds: settings.durationSeconds },
    databases: [],
  };
  printMachine(report);
  const dbName = process.env.BENCH_REPORTS_DB || 'care_bench_reports';
  const { url, created } = await ensureDatabase(settings.adminDatabaseUrl, dbName);
  console.log(`\n▶ PostgreSQL database ${dbName} (${created ? 'created' : 'reused'})`);
  const results: { name: string; measurement?: Measurement; pass?: boolean; error?: string }[] = [];
  try {
    const { server, filled } = await startReportsServer('order-list', entry, url, cleanup);
    if (filled) await withClient(url, (c) => c.query('vacuum analyze'));
    const { orders, storeId } = await withClient(url, async (c) => ({
      orders: Number((await c.query<{ n: string }>('select count(*) as n from sales_order')).rows[0]!.n),
      storeId: (await c.query<{ id: string }>(`select s.id from store s join company co on co.id = s.company_id where co.code = 'YX' order by s.code limit 1`)).rows[0]!.id,
    }));
    console.log(`  sales_order: ${orders.toLocaleString('en')} rows`);
    if (orders < ORDERS) throw new Error('the database holds fewer orders than the bench fills');

    const ctx: ScenarioContext = { baseUrl: server.baseUrl, runtime: await fetchRuntimeConfig(server.baseUrl) };
    const sessionKey = await signIn(ctx, 'admin', PASSWORD);
    const shanghaiDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const calls: [string, Record<string, unknown>][] = [
      ['first page, newest first', { pageNo: 1, pageSize: 20 }],
      ['one store', { pageNo: 1, pageSize: 20, storeId }],
      ['created in the last 30 days', { pageNo: 1, pageSize: 20, createdFrom: shanghaiDay(new Date(Date.now() - 30 * 86_400_000)), createdTo: shanghaiDay(new Date()) }],
      ['page 50, newest first', { pageNo: 50, pageSize: 20 }],
    ];
    for (const [name, body] of calls) {
      try {
        const prepared = await signedPost(ctx, orderContract.list.path, { sessionKey, body: () => body });
        const m = await measure(`order list: ${name}`, prepared, {
          baseUrl: server.baseUrl,
          connections: settings.connections,
          warmupSeconds: settings.warmupSeconds,
          durationSeconds: settings.durationSeconds,
          serverCpuSeconds: () => server.cpuSeconds(),
        });
        results.push({ name, measurement: m, pass: m.latencyP99Ms <= P99_BAR_MS });
      } catch (err) {
        results.push({ name, error: err instanceof Error ? err.message.slice(0, 300) : String(err) });
      }
    }
  } finally {
    await cleanup.runAll();
  }
  writeJson({ ...report, orderList: results } as BenchReport, path.join(outDir, 'order-list.json'));
  console.log(`\n| ${orderContract.list.path} | req/s | p50 ms | p99 ms | max ms | p99 ≤ ${P99_BAR_MS} ms |`);
  console.log('|---|---:|---:|---:|---:|---|');
  const f = (n: number) => n.toFixed(1);
  for (const r of results) {
    const m = r.measurement;
    console.log(m ? `| ${r.name} | ${f(m.requestsPerSecond)} | ${f(m.latencyP50Ms)} | ${f(m.latencyP99Ms)} | ${f(m.latencyMaxMs)} | ${r.pass ? 'PASS' : 'MISS'} |` : `| ${r.name} | FAILED: ${r.error} | | | | |`);
  }
  return results.some((r) => r.error || !r.pass) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
