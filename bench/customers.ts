/**
 * `npm run bench:customers`: the customer list on PostgreSQL with 1,000,000 customers and 2,000,000
 * follow-ups. Fills (once) the database BENCH_CUSTOMERS_DB (default care_bench_customers, kept between
 * runs), EXPLAINs each list query as the server builds it (fails on a Seq Scan of customer), then
 * measures signed, signed-in, data-ruled `POST /online/customer/list` calls at 20 connections. Bar:
 * p99 ≤ 50 ms each. Then adds (once) 600,000 leads and EXPLAINs the lead list's calls (plans only,
 * fails on a Seq Scan of lead; `BENCH_CASES=leads` for these alone). Figures in
 * bench/out/customers.json; see bench/RESULTS.md.
 */
import path from 'node:path';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { CustomerListQuery } from '@care/shared';
import { customerListQuerySchema, leadListQuerySchema, leadPoolQuerySchema } from '@care/shared';
import type { DB } from '../apps/server/src/platform/db/schema.js';
import { setStoreIdsProvider } from '../apps/server/src/platform/data-rules/index.js';
import { pageCustomers } from '../apps/server/src/modules/customer/customer.service.js';
import { pageLeads, pagePool } from '../apps/server/src/modules/lead/lead.service.js';
import { storeIdsOfUser } from '../apps/server/src/modules/store/store.service.js';
import { startBench } from './bench-start.js';
import { ensureDatabase, fillCustomers, fillLeads, isFilled, LEADS, leadsFilled, withClient } from './customers-fill.js';
import { describeMachine } from './machine.js';
import { measure, type Measurement } from './measure.js';
import { printMachine, writeJson, type BenchReport } from './report.js';
import { fetchRuntimeConfig } from './runtime-config.js';
import { signedPost, signIn, type ScenarioContext } from './scenarios.js';
import { startServer } from './server-process.js';
import { outDir, readSettings } from './settings.js';

const P99_BAR_MS = 50;
const PASSWORD = process.env.BENCH_ADMIN_PASSWORD ?? 'Admin@12345';

interface ListCase {
  id: string;
  label: string;
  /** Who calls (a 销售顾问: own customers; a 店长: the store's). */
  user: 'nanshan.sales1' | 'nanshan.manager';
  /** A fresh filter for each request (varied, so no single page stays hot). */
  body: (pick: Picks) => Record<string, unknown>;
}

interface Picks {
  phonePrefix(): string;
  storeOwner(): string;
  dueMonth(): { from: string; to: string };
}

const cases: ListCase[] = [
  {
    id: 'phone-prefix',
    label: '销售顾问: phone prefix (7 digits), newest first',
    user: 'nanshan.sales1',
    body: (p) => ({ phone: p.phonePrefix(), pageNo: 1, pageSize: 20 }),
  },
  {
    id: 'owner',
    label: '店长: by owner (one of the store’s consultants), newest first',
    user: 'nanshan.manager',
    body: (p) => ({ ownerId: p.storeOwner(), pageNo: 1, pageSize: 20 }),
  },
  {
    id: 'status-due',
    label: '店长: 意向客户 + due date in one month, by due date',
    user: 'nanshan.manager',
    body: (p) => {
      const month = p.dueMonth();
      return { status: 'intention', dueDateFrom: month.from, dueDateTo: month.to, column: 'dueDate', order: 'asc', pageNo: 1, pageSize: 20 };
    },
  },
];

interface CaseResult {
  id: string;
  label: string;
  figures?: Measurement;
  error?: string;
  p99Pass?: boolean;
  plans: { query: string; sql: string; seqScan: boolean; keyLines: string[]; executionMs: number }[];
}

async function main(): Promise<number> {
  const settings = readSettings({ BENCH_CONNECTIONS: '20', ...process.env });
  const { entry, cleanup } = startBench(settings);

  const machine = await describeMachine();
  const report: BenchReport = {
    date: new Date().toISOString(),
    machine,
    settings: { connections: settings.connections, warmupSeconds: settings.warmupSeconds, durationSeconds: settings.durationSeconds },
    databases: [],
  };
  printMachine(report);
  const dbName = process.env.BENCH_CUSTOMERS_DB || 'care_bench_customers';
  const { url, created } = await ensureDatabase(settings.adminDatabaseUrl, dbName);
  console.log(`\n▶ PostgreSQL database ${dbName} (${created ? 'created' : 'reused'})`);

  const results: CaseResult[] = [];
  let leadPlans: { id: string; plans: Plan[] }[] = [];
  try {
    const server = await startServer({
      label: 'customers',
      entry,
      env: { DATABASE_URL: url, DEMO_DATA: 'on', DEMO_CRM_DATA: 'off', LOGIN_CAPTCHA: 'off', NONCE_STORE: 'memory', LOG_LEVEL: 'warn' },
      logFile: path.join(outDir, 'server-customers.log'),
      nodeArgs: settings.cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(outDir, 'profiles')}`] : [],
    });
    cleanup.add('stop the server', () => server.stop());
    if (await isFilled(url)) console.log('  already filled (marker row found): reused');
    else await fillCustomers(url, (line) => console.log(line));
    if (!(await leadsFilled(url))) await fillLeads(url, (line) => console.log(line));
    const counts = await withClient(url, async (c) => (await c.query<{ customers: string; follow_ups: string }>(
      `select (select count(*) from customer) as customers, (select count(*) from follow_up) as follow_ups`)).rows[0]!);
    console.log(`  ${Number(counts.customers).toLocaleString('en')} customers, ${Number(counts.follow_ups).toLocaleString('en')} follow-ups`);

    const picks = await loadPicks(url);
    const ctx: ScenarioContext = { baseUrl: server.baseUrl, runtime: await fetchRuntimeConfig(server.baseUrl) };
    const tokens = { 'nanshan.sales1': await signIn(ctx, 'nanshan.sales1', PASSWORD), 'nanshan.manager': await signIn(ctx, 'nanshan.manager', PASSWORD) };

    const only = process.env.BENCH_CASES?.split(',').map((id) => id.trim()).filter(Boolean);
    for (const c of cases.filter((c) => !only?.length || only.includes(c.id))) {
      const result: CaseResult = { id: c.id, label: c.label, plans: await explainCase(url, c, picks) };
      for (const plan of result.plans) {
        console.log(`  EXPLAIN ${c.id} ${plan.query}: ${plan.seqScan ? 'SEQ SCAN on customer' : 'index'} (${plan.executionMs.toFixed(2)} ms)`);
        for (const line of plan.keyLines) console.log(`      ${line}`);
      }
      process.stdout.write(`  ${c.label}: ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s… `);
      try {
        const prepared = await signedPost(ctx, '/online/customer/list', { sessionKey: tokens[c.user], body: () => c.body(picks) });
        result.figures = await measure(c.label, prepared, { baseUrl: server.baseUrl, serverCpuSeconds: server.cpuSeconds, ...settings });
        result.p99Pass = result.figures.latencyP99Ms <= P99_BAR_MS;
        const f = result.figures;
        console.log(`${f.requestsPerSecond.toFixed(0)} req/s, p50 ${f.latencyP50Ms.toFixed(2)} ms, p99 ${f.latencyP99Ms.toFixed(2)} ms ${result.p99Pass ? 'PASS' : 'MISS'}`);
      } catch (err) {
        result.error = err instanceof Error ? err.message : String(err);
        console.log(`FAILED\n    ${result.error}`);
      }
      results.push(result);
    }
    if (!only?.length || only.includes('leads')) leadPlans = await explainLeadCases(url, picks);
  } finally {
    await cleanup.runAll();
  }

  const file = path.join(outDir, 'customers.json');
  writeJson({ ...report, customerList: results, leadListPlans: leadPlans } as BenchReport, file);
  console.log(`\n| case | req/s | p50 ms | p99 ms | server CPU | machine CPU | p99 ≤ ${P99_BAR_MS} ms | plan |`);
  console.log('|---|---:|---:|---:|---:|---:|---|---|');
  for (const r of results) {
    const f = r.figures;
    const plan = r.plans.some((p) => p.seqScan) ? 'SEQ SCAN' : 'index';
    console.log(
      f
        ? `| ${r.label} | ${f.requestsPerSecond.toFixed(0)} | ${f.latencyP50Ms.toFixed(2)} | ${f.latencyP99Ms.toFixed(1)} | ${f.serverCpu?.toFixed(2) ?? 'n/a'} | ${f.machineCpu?.toFixed(2) ?? 'n/a'} | ${r.p99Pass ? 'PASS' : 'MISS'} | ${plan} |`
        : `| ${r.label} | FAILED: ${r.error} | | | | | | ${plan} |`,
    );
  }
  console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
  const leadSeqScans = leadPlans.filter((c) => c.plans.some((p) => p.seqScan)).map((c) => c.id);
  if (leadPlans.length) console.log(`Lead list plans (${leadPlans.length} calls on ${LEADS.toLocaleString('en')} leads): ${leadSeqScans.length ? `SEQ SCAN in ${leadSeqScans.join(', ')}` : 'index only, no Seq Scan'}`);
  const failed = leadSeqScans.length > 0 || results.some((r) => r.error || !r.p99Pass || r.plans.some((p) => p.seqScan));
  return failed ? 1 : 0;
}

/** Filter values drawn from the filled data: phone prefixes of the consultant's customers, the store's consultants, due months. */
async function loadPicks(url: string): Promise<Picks> {
  return withClient(url, async (client) => {
    const phones = (await client.query<{ phone: string }>(
      `select c.phone from customer c join app_user u on u.id = c.owner_id where u.username = 'nanshan.sales1' order by c.customer_no limit 500`)).rows.map((r) => r.phone.slice(0, 7));
    const owners = (await client.query<{ id: string }>(
      `select distinct c.owner_id as id from customer c join store s on s.id = c.store_id where s.code = 'NS' and c.customer_no like 'BK%' and c.customer_no < 'BK00001000'`)).rows.map((r) => r.id);
    const months = (await client.query<{ from: string; to: string }>(
      `select to_char(m, 'YYYY-MM-DD') as from, to_char(m + interval '1 month' - interval '1 day', 'YYYY-MM-DD') as to
       from generate_series(date_trunc('month', current_date) - interval '11 months', date_trunc('month', current_date) + interval '11 months', interval '1 month') m`)).rows;
    const any = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
    if (!phones.length || owners.length !== 4) throw new Error(`unexpected bench data: ${phones.length} phones, ${owners.length} NS consultants`);
    return { phonePrefix: () => any(phones), storeOwner: () => any(owners), dueMonth: () => any(months) };
  });
}

type Session = Parameters<typeof pageCustomers>[1];
type ListCall = (db: Kysely<DB>, session: Session) => Promise<unknown>;
type Plan = CaseResult['plans'][number];

function explainCase(url: string, c: ListCase, picks: Picks): Promise<Plan[]> {
  const q: CustomerListQuery = customerListQuerySchema.parse(c.body(picks));
  return explainCall(url, c.user, (db, session) => pageCustomers(db, session, q), 'customer');
}

/**
 * The list queries of one service call exactly as the server builds them (service → data rules →
 * repo), captured from Kysely and run under EXPLAIN (ANALYZE, BUFFERS) by `username`'s session.
 */
async function explainCall(url: string, username: string, call: ListCall, table: 'customer' | 'lead'): Promise<Plan[]> {
  const captured: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: (event) => void (event.level === 'query' && captured.push(event.query)) });
  try {
    setStoreIdsProvider((rulesDb, session) => storeIdsOfUser(rulesDb, session.userId, session.companyId));
    const user = await db
      .selectFrom('app_user as u')
      .innerJoin('user_company as uc', 'uc.user_id', 'u.id')
      .select(['u.id', 'u.username', 'u.department_id', 'uc.company_id'])
      .where('u.username', '=', username)
      .executeTakeFirstOrThrow();
    const session = { sessionId: 'bench', userId: user.id, username: user.username, companyId: user.company_id, departmentId: user.department_id };
    captured.length = 0;
    await call(db, session);
    const alias = table === 'customer' ? 'c' : 'l';
    const listQueries = captured.filter((query) => query.sql.includes(`from "${table}" as "${alias}"`));
    const plans: Plan[] = [];
    for (const query of listQueries) {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, query.parameters as unknown[]);
      const lines = rows.map((r) => r['QUERY PLAN']);
      const execution = lines.find((l) => l.startsWith('Execution Time'));
      plans.push({
        query: query.sql.includes('matching_count') ? 'page + capped count' : /count\(\*\)/.test(query.sql) ? 'count' : 'page',
        sql: query.sql,
        seqScan: lines.some((l) => new RegExp(`Seq Scan on ${table}\\b`).test(l)),
        keyLines: lines.filter((l) => /Scan|Sort Key|Heap Fetches/.test(l) && !/_pkey/.test(l)).slice(0, 12).map((l) => l.trim()),
        executionMs: execution ? Number(/([\d.]+) ms/.exec(execution)?.[1] ?? 0) : 0,
      });
    }
    return plans;
  } finally {
    await db.destroy();
  }
}

/** The lead list's calls on 600,000 leads: plans only (no load), each must use indexes. */
const leadCases: { id: string; user: ListCase['user']; call: (picks: Picks) => ListCall }[] = [
  { id: 'own, newest first', user: 'nanshan.sales1', call: () => (db, s) => pageLeads(db, s, leadListQuerySchema.parse({ pageNo: 1, pageSize: 20 })) },
  { id: 'own, 跟进中', user: 'nanshan.sales1', call: () => (db, s) => pageLeads(db, s, leadListQuerySchema.parse({ pageNo: 1, pageSize: 20, status: 'following' })) },
  { id: 'own, follow-up due', user: 'nanshan.sales1', call: () => (db, s) => pageLeads(db, s, leadListQuerySchema.parse({ pageNo: 1, pageSize: 20, followDue: true })) },
  { id: 'store, newest first', user: 'nanshan.manager', call: () => (db, s) => pageLeads(db, s, leadListQuerySchema.parse({ pageNo: 1, pageSize: 20 })) },
  { id: 'store, by 预产期', user: 'nanshan.manager', call: () => (db, s) => pageLeads(db, s, leadListQuerySchema.parse({ pageNo: 1, pageSize: 20, column: 'dueDate', order: 'asc' })) },
  { id: 'store, by consultant', user: 'nanshan.manager', call: (p) => (db, s) => pageLeads(db, s, leadListQuerySchema.parse({ pageNo: 1, pageSize: 20, ownerId: p.storeOwner() })) },
  { id: 'pool (公海)', user: 'nanshan.manager', call: () => (db, s) => pagePool(db, s, leadPoolQuerySchema.parse({ pageNo: 1, pageSize: 20 })) },
];

async function explainLeadCases(url: string, picks: Picks): Promise<{ id: string; plans: Plan[] }[]> {
  const results: { id: string; plans: Plan[] }[] = [];
  for (const c of leadCases) {
    const plans = await explainCall(url, c.user, c.call(picks), 'lead');
    results.push({ id: c.id, plans });
    for (const plan of plans) {
      console.log(`  EXPLAIN lead ${c.id}: ${plan.seqScan ? 'SEQ SCAN on lead' : 'index'} (${plan.executionMs.toFixed(2)} ms)`);
      for (const line of plan.keyLines) console.log(`      ${line}`);
    }
  }
  return results;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.stack ?? err.message : err);
    process.exit(1);
  },
);
