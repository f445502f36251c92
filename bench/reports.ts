/**
 * `npm run bench:reports`: reports, BI and dashboards on PostgreSQL with 1,000,000 orders and
 * 3,000,000 payments (+ receivables, allocations, stays, services, leads, visits). Fills (once) the
 * database BENCH_REPORTS_DB (default care_bench_reports, kept between runs) with set-based SQL, the
 * dirty-day triggers off, then rebuilds the facts (rebuildFacts) and times:
 *   - each report-facts query for a one-year period, company-wide and for one store (in process);
 *   - each report / BI / dashboard route (POST, signed, as the administrator) for the same periods.
 * p50 / p95 of BENCH_REPORT_CALLS sequential calls (default 20) each; bar p95 ≤ 1 s. Figures in
 * bench/out/reports.json; see bench/RESULTS.md. Not part of CI.
 */
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { z } from 'zod';
import { biContract, reportContract } from '@care/shared';
import type { DB } from '../apps/server/src/platform/db/schema.js';
import {
  funnelFacts,
  orderFacts,
  paymentFacts,
  rebuildFacts,
  receivableAging,
  roomNightFacts,
  serveFacts,
  serviceFacts,
  type FactScope,
} from '../apps/server/src/modules/report-facts/report-facts.service.js';
import { refreshAllFacts } from '../apps/server/src/modules/report-facts/report-facts.job.js';
import { startBench, startReportsServer } from './bench-start.js';
import { ensureDatabase } from './customers-fill.js';
import { describeMachine } from './machine.js';
import { printMachine, writeJson, type BenchReport } from './report.js';
import { ORDERS, withClient } from './reports-fill.js';
import { fetchRuntimeConfig } from './runtime-config.js';
import { signIn, type ScenarioContext } from './scenarios.js';
import { outDir, readSettings } from './settings.js';
import { jsonHeaders, signedJsonBody } from './signing.js';

const P95_BAR_MS = 1000;
const PASSWORD = process.env.BENCH_ADMIN_PASSWORD ?? 'Admin@12345';
const CALLS = Number(process.env.BENCH_REPORT_CALLS ?? 20);
const FACTS_MARKER = 'bench:reports:facts';

interface Timing {
  kind: 'fact' | 'route';
  name: string;
  scope: 'company' | 'store';
  calls: number;
  p50Ms?: number;
  p95Ms?: number;
  maxMs?: number;
  pass?: boolean;
  error?: string;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function time(kind: Timing['kind'], name: string, scope: Timing['scope'], call: () => Promise<unknown>): Promise<Timing> {
  const result: Timing = { kind, name, scope, calls: CALLS };
  try {
    await call(); // warm-up (and the first refresh)
    const ms: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      await call();
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    Object.assign(result, { p50Ms: percentile(ms, 50), p95Ms: percentile(ms, 95), maxMs: ms[ms.length - 1], pass: percentile(ms, 95) <= P95_BAR_MS });
  } catch (err) {
    result.error = err instanceof Error ? err.message.slice(0, 300) : String(err);
  }
  const f = (n?: number) => (n === undefined ? '-' : n.toFixed(1));
  console.log(`  ${kind} ${name} [${scope}]: ${result.error ? `FAILED ${result.error}` : `p50 ${f(result.p50Ms)} ms, p95 ${f(result.p95Ms)} ms ${result.pass ? 'PASS' : 'MISS'}`}`);
  return result;
}

const shanghaiDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

async function main(): Promise<number> {
  const settings = readSettings(process.env);
  const { entry, cleanup } = startBench(settings);
  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: await describeMachine(),
    settings: { connections: 1, warmupSeconds: 0, durationSeconds: 0 },
    databases: [],
  };
  printMachine(report);
  const dbName = process.env.BENCH_REPORTS_DB || 'care_bench_reports';
  const { url, created } = await ensureDatabase(settings.adminDatabaseUrl, dbName);
  console.log(`\n▶ PostgreSQL database ${dbName} (${created ? 'created' : 'reused'})`);
  const timings: Timing[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 4, types: { getTypeParser: pgTypes } });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  cleanup.add('close the bench pool', () => db.destroy());
  try {
    const { server } = await startReportsServer('reports', entry, url, cleanup);
    // The facts are rebuilt once after the load (a run stopped during the rebuild does it again).
    if (!(await withClient(url, async (c) => Boolean((await c.query('select 1 from seed_record where key = $1', [FACTS_MARKER])).rowCount)))) {
      const started = Date.now();
      await rebuildFacts(db);
      await withClient(url, async (c) => {
        await c.query('vacuum analyze');
        await c.query('insert into seed_record (key) values ($1) on conflict do nothing', [FACTS_MARKER]);
      });
      console.log(`  rebuildFacts: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    // Days a later migration marked dirty (a new fact over the loaded records) are computed before timing.
    const refreshStarted = Date.now();
    const refreshed = await refreshAllFacts(db);
    if (refreshed) console.log(`  refreshed ${refreshed} dirty (fact, day) pairs: ${((Date.now() - refreshStarted) / 1000).toFixed(1)} s`);
    const sizes = await withClient(url, async (c) =>
      (await c.query<{ t: string; n: string }>(
        `select t, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I', t), false, true, '')))[1]::text as n
         from unnest(array['sales_order', 'payment', 'payment_allocation', 'receivable', 'room_stay', 'service_order', 'lead', 'fact_order_day', 'fact_payment_day', 'fact_receivable_day', 'fact_room_night_day', 'fact_service_day', 'fact_funnel_day', 'fact_serve_day']) t`,
      )).rows,
    );
    console.log(`  rows: ${sizes.map((s) => `${s.t} ${Number(s.n).toLocaleString('en')}`).join(', ')}`);
    if (Number(sizes.find((s) => s.t === 'sales_order')?.n ?? 0) < ORDERS) throw new Error('the database holds fewer orders than the bench fills');

    const { companyId, storeId, orderId, nurseId } = await withClient(url, async (c) => {
      const row = (await c.query<{ companyId: string; storeId: string; orderId: string; nurseId: string | null }>(
        `select s.company_id as "companyId", s.id as "storeId",
                (select o.id from sales_order o where o.company_id = s.company_id and o.order_no = 'RB00000010') as "orderId",
                (select n.id from monthly_nurse n where n.company_id = s.company_id order by n.id limit 1) as "nurseId"
         from store s join company co on co.id = s.company_id where co.code = 'YX' order by s.code limit 1`,
      )).rows[0];
      if (!row) throw new Error('no demo store');
      return row;
    });
    const to = shanghaiDay(new Date());
    const from = shanghaiDay(new Date(Date.now() - 364 * 86_400_000));
    const scopes: [Timing['scope'], FactScope][] = [
      ['company', { companyId, storeIds: null, from, to }],
      ['store', { companyId, storeIds: [storeId], from, to }],
    ];

    console.log(`\n  report-facts queries, ${from} … ${to}, ${CALLS} calls each:`);
    for (const [name, scope] of scopes) {
      timings.push(await time('fact', 'orderFacts by month', name, () => orderFacts(db, scope, ['month'])));
      timings.push(await time('fact', 'orderFacts by month × store', name, () => orderFacts(db, scope, ['month', 'store'])));
      timings.push(await time('fact', 'orderFacts by consultant', name, () => orderFacts(db, scope, ['consultant'])));
      timings.push(await time('fact', 'orderFacts by day', name, () => orderFacts(db, scope, ['day'])));
      timings.push(await time('fact', 'orderFacts by product × leadChannel', name, () => orderFacts(db, scope, ['product', 'leadChannel'])));
      timings.push(await time('fact', 'paymentFacts by month × method', name, () => paymentFacts(db, scope, ['month', 'method'])));
      timings.push(await time('fact', 'paymentFacts by item × store', name, () => paymentFacts(db, scope, ['item', 'store'])));
      timings.push(await time('fact', 'receivableAging by store × item', name, () => receivableAging(db, { companyId, storeIds: scope.storeIds, asOf: to }, ['store', 'item'])));
      timings.push(await time('fact', 'roomNightFacts by month × roomType', name, () => roomNightFacts(db, scope, ['month', 'roomType'])));
      timings.push(await time('fact', 'serviceFacts by month × item', name, () => serviceFacts(db, scope, ['month', 'item', 'source'])));
      timings.push(await time('fact', 'funnelFacts by month × leadChannel', name, () => funnelFacts(db, scope, ['month', 'leadChannel'])));
      timings.push(await time('fact', 'serveFacts totals', name, () => serveFacts(db, scope, [])));
    }

    const ctx: ScenarioContext = { baseUrl: server.baseUrl, runtime: await fetchRuntimeConfig(server.baseUrl) };
    const token = await signIn(ctx, 'admin', PASSWORD);
    console.log(`\n  routes (administrator, signed POST), ${from} … ${to}, ${CALLS} calls each:`);
    type Route = { method: string; path: string; body?: z.ZodType };
    const routes = [...Object.entries(reportContract as Record<string, Route>), ...Object.entries(biContract as Record<string, Route>)];
    for (const [name, contract] of routes) {
      if (contract.method !== 'POST') continue;
      for (const [scopeName] of scopes) {
        const candidate = bodyFor(name, from, to, scopeName === 'store' ? storeId : undefined, { orderId, nurseId });
        if (contract.body && !contract.body.safeParse(candidate).success) {
          if (scopeName === 'company') console.log(`  route ${name}: skipped (needs a record id: ${contract.path})`);
          continue;
        }
        if (scopeName === 'store' && !('storeId' in candidate)) continue;
        const exportRoute = contract.path.endsWith('exportXls');
        timings.push(await time('route', `${contract.path}`, scopeName, () => post(ctx, contract.path, contract.body ? candidate : {}, token, exportRoute)));
      }
    }
  } finally {
    await cleanup.runAll();
  }

  const file = path.join(outDir, 'reports.json');
  writeJson({ ...report, reports: timings } as BenchReport, file);
  console.log(`\n| call | scope | p50 ms | p95 ms | max ms | p95 ≤ ${P95_BAR_MS} ms |`);
  console.log('|---|---|---:|---:|---:|---|');
  for (const t of timings) {
    console.log(t.error ? `| ${t.name} | ${t.scope} | FAILED: ${t.error} | | | |` : `| ${t.name} | ${t.scope} | ${t.p50Ms!.toFixed(1)} | ${t.p95Ms!.toFixed(1)} | ${t.maxMs!.toFixed(1)} | ${t.pass ? 'PASS' : 'MISS'} |`);
  }
  console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
  return timings.some((t) => t.error || !t.pass) ? 1 : 0;
}

/** A body for a route: the one-year period, paging, the store for the store scope, and what drills need. */
function bodyFor(name: string, from: string, to: string, storeId: string | undefined, ids: { orderId: string; nurseId: string | null }): Record<string, unknown> {
  if (name === 'stores') return {};
  const body: Record<string, unknown> = { from, to, pageNo: 1, pageSize: 20, ...(storeId ? { storeId } : {}) };
  if (name === 'orderServeDrill' || name === 'waitingMoveInDrill') Object.assign(body, { orderId: ids.orderId });
  if (name === 'monthlyNurseDrill' && ids.nurseId) Object.assign(body, { nurseId: ids.nurseId });
  if (name === 'financeDrill') Object.assign(body, { figure: 'payments', dim: 'all' });
  if (name === 'saleSummaryDrill') Object.assign(body, { groupBy: 'consultant', key: 'none' });
  if (name === 'serveSummaryDrill') Object.assign(body, { item: 'bath' });
  return body;
}

async function post(ctx: ScenarioContext, route: string, body: Record<string, unknown>, token: string, file: boolean): Promise<void> {
  const res = await fetch(`${ctx.baseUrl}${route}`, { method: 'POST', headers: jsonHeaders(token), body: signedJsonBody(ctx.runtime, body, token) });
  const buffer = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${route} answered HTTP ${res.status}: ${buffer.toString('utf8').slice(0, 200)}`);
  if (!file) {
    const code = (JSON.parse(buffer.toString('utf8')) as { code?: unknown }).code;
    if (code !== '0') throw new Error(`${route} answered code ${String(code)}: ${buffer.toString('utf8').slice(0, 200)}`);
  }
}

// Like the server: int8 as number, numeric and date as text.
function pgTypes(oid: number, format?: 'text' | 'binary') {
  if (oid === 20) return Number;
  if (oid === 1082 || oid === 1700) return (value: string) => value;
  return pg.types.getTypeParser(oid, format);
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
