import fs from 'node:fs';
import path from 'node:path';
import type { MachineInfo } from './machine.js';
import type { Measurement } from './measure.js';

export interface ScenarioResult {
  id: string;
  label: string;
  figures?: Measurement;
  error?: string;
}

export interface ShareOfBaseline {
  scenario: string;
  baseline: string;
  /** Scenario req/s divided by baseline req/s. */
  share: number;
  /** Acceptance bar (minimum share), when the scenario declares one. */
  bar: number | null;
  pass: boolean | null;
}

/** A latency bar: `scenario`'s p50 minus `reference`'s p50 must stay within `maxMs`. */
export interface P50Difference {
  scenario: string;
  reference: string;
  differenceMs: number;
  maxMs: number;
  pass: boolean;
}

export interface DatabaseResult {
  database: string;
  label: string;
  ok: boolean;
  error?: string;
  scenarios: ScenarioResult[];
  shares: ShareOfBaseline[];
  p50Differences: P50Difference[];
}

export interface BenchReport {
  date: string;
  machine: MachineInfo;
  settings: { connections: number; warmupSeconds: number; durationSeconds: number };
  databases: DatabaseResult[];
}

export function printMachine(report: BenchReport): void {
  const { machine, settings } = report;
  console.log(`Date:    ${report.date}`);
  console.log(`Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}`);
  console.log(`Node:    ${machine.node}`);
  if (machine.busyCoresBeforeStart !== null && machine.busyCoresBeforeStart > 0.3) {
    console.warn(`warning: other processes kept ${machine.busyCoresBeforeStart} cores busy just before the start; figures will be disturbed`);
  }
  console.log(
    `Load:    autocannon, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured per route`,
  );
}

export function printResults(report: BenchReport): void {
  const header = ['database', 'route', 'req/s', 'p50 ms', 'p99 ms', 'CPU: server', 'loadgen', 'machine'];
  const rows: string[][] = [];
  for (const db of report.databases) {
    if (!db.scenarios.length) rows.push([db.database, `FAILED: ${firstLine(db.error)}`]);
    for (const s of db.scenarios) {
      const f = s.figures;
      rows.push(
        f
          ? [
              db.database,
              s.label,
              f.requestsPerSecond.toFixed(0),
              ms(f.latencyP50Ms),
              ms(f.latencyP99Ms),
              cores(f.serverCpu),
              cores(f.loadGeneratorCpu),
              cores(f.machineCpu),
            ]
          : [db.database, `${s.label} FAILED: ${firstLine(s.error)}`],
      );
    }
  }
  console.log(`\n${table(header, rows)}`);
  console.log(`(CPU in cores busy during the measured run; the machine has ${report.machine.cores})`);
  for (const db of report.databases) {
    for (const share of db.shares) {
      const verdict = share.pass === null ? '' : share.pass ? `  PASS (bar ${pct(share.bar)})` : `  MISS (bar ${pct(share.bar)})`;
      console.log(`${db.database}: ${share.scenario} / ${share.baseline} req/s = ${pct(share.share)}${verdict}`);
    }
    for (const d of db.p50Differences) {
      console.log(`${db.database}: p50 ${d.scenario} − ${d.reference} = ${d.differenceMs.toFixed(3)} ms  ${d.pass ? 'PASS' : 'MISS'} (bar ${d.maxMs} ms)`);
    }
    if (db.error && db.scenarios.length) console.log(`${db.database}: FAILED: ${db.error}`);
  }
}

export function writeJson(report: BenchReport, file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const cores = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
const pct = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(0)} %`);
const firstLine = (text: string | undefined) => (text ?? 'unknown error').split('\n')[0]!;
