/**
 * `npm run bench`: the built server on embedded PGlite and on PostgreSQL, each route of scenarios.ts
 * measured with autocannon; figures printed and written to bench/out/latest.json. See bench/RESULTS.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CleanupStack } from './cleanup.js';
import { databaseTargets, type DatabaseTarget } from './databases.js';
import { describeMachine } from './machine.js';
import { measure } from './measure.js';
import { printMachine, printResults, writeJson, type BenchReport, type DatabaseResult, type P50Difference, type ScenarioResult, type ShareOfBaseline } from './report.js';
import { fetchRuntimeConfig } from './runtime-config.js';
import { scenarios, type Scenario, type ScenarioContext } from './scenarios.js';
import { ensureServerBuild, serverBundle } from './server-build.js';
import { startServer } from './server-process.js';
import { outDir, readSettings, type BenchSettings } from './settings.js';

/** Single-node settings shared by every run; a database target adds DATA_DIR or DATABASE_URL. */
const SERVER_ENV = { NONCE_STORE: 'memory', BENCH_BARE_ROUTE: 'on', LOG_LEVEL: 'warn', DEMO_DATA: 'on' };

async function main(): Promise<number> {
  const settings = readSettings();
  if (!settings.serverEntry) ensureServerBuild();
  const entry = settings.serverEntry ?? serverBundle;
  fs.mkdirSync(outDir, { recursive: true });
  const cleanup = new CleanupStack();
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping servers and removing the bench databases…`);
    void cleanup.runAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: await describeMachine(),
    settings: { connections: settings.connections, warmupSeconds: settings.warmupSeconds, durationSeconds: settings.durationSeconds },
    databases: [],
  };
  printMachine(report);
  if (settings.serverEntry) console.log(`Server:  ${settings.serverEntry} (BENCH_SERVER_ENTRY)`);
  const targets = pick(databaseTargets, settings.onlyDatabases, 'BENCH_DATABASES');
  const chosen = pick(scenarios, settings.onlyScenarios, 'BENCH_SCENARIOS');
  try {
    for (const target of targets) report.databases.push(await benchDatabase(target, chosen, entry, settings, cleanup));
  } finally {
    await cleanup.runAll();
  }

  const jsonFile = path.join(outDir, 'latest.json');
  writeJson(report, jsonFile);
  printResults(report);
  console.log(`\nWritten to ${path.relative(process.cwd(), jsonFile)}`);
  const failed = report.databases.some((db) => !db.ok || db.scenarios.some((s) => s.error));
  return failed ? 1 : 0;
}

function pick<T extends { id: string }>(all: T[], only: string[] | undefined, variable: string): T[] {
  if (!only) return all;
  const unknown = only.filter((id) => !all.some((item) => item.id === id));
  if (unknown.length) throw new Error(`${variable}: unknown ${unknown.join(', ')} (known: ${all.map((item) => item.id).join(', ')})`);
  return only.map((id) => all.find((item) => item.id === id)!);
}

async function benchDatabase(
  target: DatabaseTarget,
  scenarios: Scenario[],
  entry: string,
  settings: BenchSettings,
  cleanup: CleanupStack,
): Promise<DatabaseResult> {
  const result: DatabaseResult = { database: target.id, label: target.label, ok: false, scenarios: [], shares: [], p50Differences: [] };
  try {
    const { env, release, note } = await target.provision(settings, cleanup);
    console.log(`\n▶ ${target.label} (${note})`);
    const serverEnv = Object.assign({}, SERVER_ENV, ...scenarios.map((s) => s.serverEnv ?? {}), env) as Record<string, string>;
    const server = await startServer({
      label: target.id,
      entry,
      env: serverEnv,
      nodeArgs: settings.cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(outDir, 'profiles')}`] : [],
      logFile: path.join(outDir, `server-${target.id}.log`),
    });
    let exitCode: number | null = null;
    const stopServer = cleanup.add(`stop the ${target.id} server`, async () => {
      exitCode = await server.stop();
    });
    try {
      console.log(`  server ${server.baseUrl} (pid ${server.pid}) healthy`);
      const runtime = await fetchRuntimeConfig(server.baseUrl);
      for (const scenario of scenarios) {
        result.scenarios.push(await benchScenario(scenario, { baseUrl: server.baseUrl, runtime }, server.cpuSeconds, settings));
      }
    } finally {
      await stopServer();
      await release();
    }
    if (exitCode !== 0) console.warn(`  warning: the ${target.id} server exited with code ${exitCode} after SIGTERM`);
    result.shares = sharesOfBaseline(scenarios, result.scenarios);
    result.p50Differences = p50Differences(scenarios, result.scenarios);
    result.ok = result.scenarios.every((s) => !s.error) && result.p50Differences.every((d) => d.pass);
  } catch (err) {
    result.error = err instanceof Error ? err.message : String(err);
    console.error(`  ${target.id} FAILED: ${result.error}`);
  }
  return result;
}

async function benchScenario(
  scenario: Scenario,
  ctx: ScenarioContext,
  serverCpuSeconds: () => number | null,
  settings: BenchSettings,
): Promise<ScenarioResult> {
  process.stdout.write(`  ${scenario.label}: ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s… `);
  try {
    const prepared = await scenario.prepare(ctx);
    const figures = await measure(scenario.label, prepared, { baseUrl: ctx.baseUrl, serverCpuSeconds, ...settings });
    console.log(
      `${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.latencyP50Ms.toFixed(2)} ms, p99 ${figures.latencyP99Ms.toFixed(2)} ms`,
    );
    return { id: scenario.id, label: scenario.label, figures };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    console.log(`FAILED\n    ${error}`);
    return { id: scenario.id, label: scenario.label, error };
  }
}

function sharesOfBaseline(scenarios: Scenario[], results: ScenarioResult[]): ShareOfBaseline[] {
  const baseline = scenarios.find((s) => s.baseline);
  const base = results.find((r) => r.id === baseline?.id)?.figures;
  if (!baseline || !base) return [];
  return scenarios
    .filter((s) => s !== baseline)
    .flatMap((s) => {
      const figures = results.find((r) => r.id === s.id)?.figures;
      if (!figures) return [];
      const share = figures.requestsPerSecond / base.requestsPerSecond;
      const bar = s.minShareOfBaseline ?? null;
      return [{ scenario: s.id, baseline: baseline.id, share, bar, pass: bar === null ? null : share >= bar }];
    });
}

function p50Differences(scenarios: Scenario[], results: ScenarioResult[]): P50Difference[] {
  return scenarios.flatMap((s) => {
    if (!s.maxP50Above) return [];
    const own = results.find((r) => r.id === s.id)?.figures;
    const reference = results.find((r) => r.id === s.maxP50Above!.scenario)?.figures;
    if (!own || !reference) return [];
    const differenceMs = own.latencyP50Ms - reference.latencyP50Ms;
    return [{ scenario: s.id, reference: s.maxP50Above.scenario, differenceMs, maxMs: s.maxP50Above.ms, pass: differenceMs <= s.maxP50Above.ms }];
  });
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
