import autocannon from 'autocannon';
import { machineBusySeconds } from './cpu.js';
import { LatencyRecorder } from './latency.js';
import type { PreparedScenario } from './scenarios.js';

export interface MeasureOptions {
  baseUrl: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** CPU seconds used so far by the server process (null when unknown). */
  serverCpuSeconds: () => number | null;
}

export interface Measurement {
  /** autocannon's average of the per-second response counts. */
  requestsPerSecond: number;
  /** Response times of every measured request (exact, sub-millisecond). */
  latencyAvgMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  requests: number;
  seconds: number;
  /** CPU used during the measured run, in cores (1 = one core fully busy): the server process, */
  serverCpu: number | null;
  /** this process (autocannon, the load generator, including the request signing), */
  loadGeneratorCpu: number | null;
  /** and the whole machine (so a busy neighbour, or PostgreSQL's backends, show up). */
  machineCpu: number | null;
}

export class BadRunError extends Error {}

/** A warm-up run (discarded), then the measured run; both must be all 2xx, body-verified and error-free. */
export async function measure(title: string, scenario: PreparedScenario, options: MeasureOptions): Promise<Measurement> {
  await run(`${title} (warm-up)`, scenario, options, options.warmupSeconds);

  const latency = new LatencyRecorder();
  const serverBefore = options.serverCpuSeconds();
  const machineBefore = machineBusySeconds();
  const selfBefore = process.cpuUsage();
  const startedAt = process.hrtime.bigint();
  const result = await run(title, scenario, options, options.durationSeconds, latency);
  const wall = Number(process.hrtime.bigint() - startedAt) / 1e9;
  const serverAfter = options.serverCpuSeconds();
  const machineAfter = machineBusySeconds();
  const self = process.cpuUsage(selfBefore);
  const times = latency.summary();

  return {
    requestsPerSecond: result.requests.average,
    latencyAvgMs: times.averageMs,
    latencyP50Ms: times.p50Ms,
    latencyP99Ms: times.p99Ms,
    latencyMaxMs: times.maxMs,
    requests: result.requests.total,
    seconds: result.duration,
    serverCpu: serverBefore !== null && serverAfter !== null ? (serverAfter - serverBefore) / wall : null,
    loadGeneratorCpu: (self.user + self.system) / 1e6 / wall,
    machineCpu: machineBefore !== null && machineAfter !== null ? (machineAfter - machineBefore) / wall : null,
  };
}

async function run(
  title: string,
  scenario: PreparedScenario,
  options: MeasureOptions,
  seconds: number,
  latency?: LatencyRecorder,
): Promise<autocannon.Result> {
  const verify = scenario.verifyBody;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        title,
        url: options.baseUrl,
        connections: options.connections,
        duration: seconds,
        requests: scenario.requests(),
        // autocannon hands the body over as a string (typed loosely).
        ...(verify ? { verifyBody: (body: string | Buffer | undefined) => verify(String(body ?? '')) } : {}),
      },
      (err: unknown, finished: autocannon.Result) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(finished)),
    );
    if (latency) instance.on('response', (_client, _status, _bytes, ms) => latency.record(ms));
  });
  const problems: string[] = [];
  if (result.non2xx > 0) problems.push(`${result.non2xx} non-2xx responses (${statusSummary(result)})`);
  if (result.mismatches > 0) problems.push(`${result.mismatches} response bodies failed the check`);
  if (result.errors > 0) problems.push(`${result.errors} connection errors (${result.timeouts} timeouts)`);
  if (result.requests.total === 0) problems.push('no response at all');
  if (problems.length) throw new BadRunError(`${title}: ${problems.join('; ')} out of ${result.requests.total} — figures discarded`);
  return result;
}

function statusSummary(result: autocannon.Result): string {
  return Object.entries(result.statusCodeStats ?? {})
    .map(([status, stat]) => `${status}×${stat.count ?? 0}`)
    .join(', ');
}
